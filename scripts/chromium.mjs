// Debian's Chromium, as every browser run here uses it (Playwright, benchmarks, Lighthouse):
// no browser download, and no background traffic to hosts this machine cannot reach.
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
