// The staff sign-in and HTTP helper now lives in @mchezo/release-cli (decision 050); payments.mjs
// shares it from here.
export * from '../shared/release-cli/src/staff-cli.mjs';
