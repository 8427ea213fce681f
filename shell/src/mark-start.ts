// The moment the app's script starts running, as a user-timing mark: after the page's first
// paint when the page painted its HTML first screen (decision 011). Imported first by index.ts.
performance.mark('mchezo:app-start');
