// Starts the API + site for the e2e run on a fresh data folder, as `npm start` would serve it,
// with NODE_ENV=test (never production, which refuses the test codes and the simulator the specs
// need): the server then behaves as in production otherwise (development-only features stay
// off) and accepts the test-only switches playwright.config.ts sets.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
rmSync(dataDir, { recursive: true, force: true });

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'api', 'src', 'server.ts')], {
  cwd: join(root, 'api'),
  stdio: 'inherit',
  env: {
    ...process.env,
    SITE_DIR: join(root, 'build', 'cdn'),
    NODE_ENV: 'test',
    // The bootstrap administrator (e2e/support/staff.ts STAFF_ADMIN_PHONE): enrols without an
    // enrolment code while no administrator is enrolled, then grants roles and issues the codes
    // of every staff person the specs make. The two others (STAFF_DEPUTY_PHONE,
    // STAFF_CONFIRMER_PHONE): a second administrator confirms finance and admin grants.
    ADMIN_PHONES: '+254799000010,+254799000011,+254799000012',
    // Known to the specs (e2e/specs/staff/finance-review.spec.ts E2E_CALLBACK_SECRET): a spec posts a
    // provider's late payout result to the real callback route, which puts a withdrawal in review.
    PAYMENT_CALLBACK_SECRET: 'e2e-payment-callback-secret',
    // Taxes at the API's defaults (decision 018): the screens show them and the specs assert the
    // net amounts (a deposit of 500 credits 475).
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
