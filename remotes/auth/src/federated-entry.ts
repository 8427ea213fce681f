// The federated build's entry is the generated remoteEntry.js; this file only satisfies Rsbuild.
export {};
