import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { RELEASE_MANAGER_PHONE } from './e2e/support/releases.ts';
import { DEMO_GAME_SEED } from './e2e/support/test-control.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

/**
 * End-to-end tests drive the production build, served as deployed (API + shell + versioned
 * remotes from one server), in Debian's Chromium at a phone viewport.
 */
const PORT = Number(process.env.E2E_PORT ?? 8190);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: './e2e/specs',
  // Per port, so engineers running their own specs side by side do not delete each other's traces.
  outputDir: `./test-results/e2e-${PORT}`,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: `test-results/e2e-report-${PORT}.json` }]],
  use: {
    baseURL: BASE_URL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-KE',
    // The site's service worker (decision 025) answers a controlled page's requests itself, and
    // Playwright's routing does not see those: specs that rewrite or fake answers would test the
    // worker's copy. Off here; e2e/specs/offline.spec.ts turns it on for the worker's own tests.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // A page a spec rewrites (e2e/support/boot-data.ts) is fulfilled by Playwright, and Chromium
      // then counts it as a public page: its calls to the specs' fake services on other loopback
      // ports would be refused by Local Network Access, which a real page from 127.0.0.1 is not.
      args: [...CHROMIUM_ARGS, '--disable-features=LocalNetworkAccessChecks'],
    },
  },
  // Release-control specs change the live release (a remote switched off for a moment): they run
  // after every other spec, alone, so no player-facing spec sees their changes.
  projects: [
    { name: 'site', testIgnore: [/(releases|offline)\.spec\.ts$/, /(^|\/)staff\//] },
    // The staff site (staff/, decision 054) at a desktop's width and a phone's, beside the site's
    // specs; a staff spec that changes the live release is named *.releases.spec.ts and left to
    // the release projects.
    {
      name: 'staff-desktop',
      testMatch: /(^|\/)staff\/[^/]+\.spec\.ts$/,
      testIgnore: /\.releases\.spec\.ts$/,
      use: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
    },
    {
      name: 'staff-phone',
      testMatch: /(^|\/)staff\/[^/]+\.spec\.ts$/,
      testIgnore: /\.releases\.spec\.ts$/,
      use: { viewport: { width: 390, height: 844 } },
    },
    {
      name: 'release-control',
      testMatch: /(^|\/)releases\.spec\.ts$/,
      dependencies: ['site'],
      fullyParallel: false,
    },
    // The service worker's specs switch a remote off and roll one back: after release-control, alone.
    { name: 'offline', testMatch: /(^|\/)offline\.spec\.ts$/, dependencies: ['release-control'] },
    // The staff site's release audit tools change the live release too: after the others, alone,
    // and one file at a time (a revision the audit spec makes while the canary chart's dialog is
    // open would make its change stale).
    {
      name: 'release-audit',
      testMatch: /\.releases\.spec\.ts$/,
      testIgnore: /(canary-guard|fresh-manifest|remote-outside)\.releases\.spec\.ts$/,
      dependencies: ['offline'],
      workers: 1,
    },
    // An open tab meets a release changed under it (wallet switched off, rolled back): alone.
    {
      name: 'fresh-manifest',
      testMatch: /fresh-manifest\.releases\.spec\.ts$/,
      dependencies: ['release-audit'],
      fullyParallel: false,
    },
    // The canary guard moves the live release by itself (new revisions at any moment): last, alone.
    {
      name: 'canary-guard',
      testMatch: /canary-guard\.releases\.spec\.ts$/,
      dependencies: ['fresh-manifest'],
      fullyParallel: false,
    },
    // The wallet built outside the repository, published and canaried with its deploy key
    // (decision 050): it starts a canary of the wallet, so after the guard's project, alone.
    {
      name: 'remote-outside',
      testMatch: /remote-outside\.releases\.spec\.ts$/,
      dependencies: ['canary-guard'],
    },
  ],
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    url: `${BASE_URL}/api/v1/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: join(tmpdir(), `mchezo-e2e-${PORT}`),
      LOG_LEVEL: 'warn',
      // Every e2e request comes from 127.0.0.1: keep the per-IP limits out of the way (the new
      // browsers release health counts, too: every spec's fresh context is one).
      RATE_LIMIT_PER_IP: '100000',
      // wallet.spec makes twelve deposits in a row for one player (decision 033: 5 a minute).
      DEPOSIT_PROMPTS_PER_MINUTE: '100',
      // staff/compliance.spec raises a large-transaction alert with one deposit (KES 150,000 at
      // most): the reporting threshold at KES 100,000 instead of 1,000,000.
      AML_REPORT_THRESHOLD_CENTS: '10000000',
      LOAD_CLIENTS_PER_IP_PER_MINUTE: '100000',
      LOAD_CLIENTS_PER_IP_PER_HOUR: '1000000',
      // releases.spec registers this phone (test-mode code) and drives release control with it.
      RELEASE_MANAGER_PHONES: RELEASE_MANAGER_PHONE,
      // The canary guard judges every second, so canary-guard.releases.spec sees it act in seconds.
      CANARY_GUARD_INTERVAL_MS: '1000',
      // The canary specs' plans are seconds long (3 s steps) with a few loads: floors below them
      // (decision 059; production's are 10-minute steps of 200 loads).
      CANARY_FLOOR_STEP_SECONDS: '3',
      CANARY_FLOOR_MIN_STEPS: '1',
      CANARY_FLOOR_MIN_LOADS: '1',
      CANARY_FLOOR_MIN_BROWSERS: '1',
      CANARY_FLOOR_MAX_ERROR_RATE_INCREASE: '10000',
      // Test-only switches (e2e/support/test-control.ts): known spins, payments a spec settles.
      DEMO_GAME_SEED,
      SIMULATOR_TEST_CONTROL: 'true',
    },
  },
});
