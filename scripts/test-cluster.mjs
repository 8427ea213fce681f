// The cluster money tests: starts the cluster (scripts/cluster.mjs: PostgreSQL, two API
// instances, nginx) on a copy of the built CDN folder, runs api/test/cluster with Vitest against
// it, and stops it. `npm test` runs it after the build (runClusterTests); on its own:
// `node scripts/test-cluster.mjs [file filters]` (builds what is missing; DATABASE_URL or TEST_DATABASE_URL
// for a PostgreSQL of yours, else the one on 5432 or a throwaway one).
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CDN_DIR, log, ROOT } from './lib.mjs';

/** A release manager's phone for the release test (the cluster's schema is fresh each run). */
const RELEASE_MANAGER_PHONE = '+254799000001';

/**
 * Runs the cluster tests against `databaseUrl` (each run in a schema of its own, dropped
 * afterwards); Vitest's JSON report goes to `reportFile`. Answers whether the tests passed.
 */
export async function runClusterTests({ databaseUrl, reportFile, files = [] }) {
  const { deployOnSignal, startCluster } = await import('./cluster.mjs');
  // The release test places a version folder: on a copy, so build/cdn stays as built.
  const siteDir = mkdtempSync(join(tmpdir(), 'mchezo-cluster-cdn-'));
  cpSync(CDN_DIR, siteDir, { recursive: true });
  // nginx's workers (www-data when started as root) read it.
  chmodSync(siteDir, 0o755);
  const started = Date.now();
  let cluster;
  let stopDeploys = () => {};
  try {
    cluster = await startCluster({
      databaseUrl,
      schema: `cluster_${process.pid}_${Date.now().toString(36)}`,
      dropSchema: true,
      siteDir,
      quiet: true,
      env: {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        // The callback test holds one phone's callbacks; the others settle 100 ms after.
        SIMULATOR_TEST_CONTROL: 'true',
        // These tests count money across instances (lost, doubled), in round gross amounts; the
        // taxes have their own tests (api/test/taxes.test.ts, e2e/specs/taxes.spec.ts).
        TAX_EXCISE_RATE: '0',
        TAX_WITHHOLDING_RATE: '0',
        SIMULATOR_DELAY_MS: '100',
        RECONCILE_INTERVAL_SECONDS: '0',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
        // Every request comes from this machine, through nginx or not: a per-address limit would
        // be shared by all the tests. Wrong passwords per phone keep the production default, so
        // the forged X-Forwarded-For test sees them limited (api/test/cluster/proxy.test.ts).
        RATE_LIMIT_PER_IP: '100000',
        RATE_LIMIT_PER_PHONE: '10',
        RELEASE_MANAGER_PHONES: RELEASE_MANAGER_PHONE,
        // The release manager enrols their authenticator as the bootstrap administrator
        // (api/test/cluster/cluster-kit.ts signedInReleaseManager).
        ADMIN_PHONES: RELEASE_MANAGER_PHONE,
        // The rolling deploy test watches the canary guard's lease move within a round.
        CANARY_GUARD_INTERVAL_MS: '1000',
        // The fault tests deposit under load, many times a minute per player.
        DEPOSIT_PROMPTS_PER_MINUTE: '100000',
        // The fault tests hold a table's lock: a statement gives up after 2 s (503).
        DATABASE_STATEMENT_TIMEOUT_MS: '2000',
      },
    });
    log(`cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The fault tests (api/test/cluster/faults.test.ts) send SIGHUP for a rolling deploy.
    stopDeploys = deployOnSignal(cluster);
    const args = ['exec', 'vitest', 'run', '--config', 'vitest.cluster.config.ts', '--reporter=default'];
    if (reportFile) args.push('--reporter=json', `--outputFile.json=${reportFile}`);
    args.push(...files);
    const code = await new Promise((resolve) => {
      const child = spawn('pnpm', args, {
        cwd: join(ROOT, 'api'),
        stdio: 'inherit',
        env: {
          ...process.env,
          CLUSTER_URL: cluster.url,
          CLUSTER_INSTANCES: cluster.instances.join(','),
          CLUSTER_SECRETS: JSON.stringify(cluster.secrets),
          CLUSTER_DATABASE_URL: cluster.databaseUrl,
          CLUSTER_SCHEMA: cluster.schema,
          CLUSTER_SITE_DIR: siteDir,
          CLUSTER_RELEASE_MANAGER_PHONE: RELEASE_MANAGER_PHONE,
          CLUSTER_RUN_DIR: cluster.runDir,
          CLUSTER_CONTROL_PID: String(process.pid),
        },
      });
      child.on('exit', (c) => resolve(c ?? 1));
    });
    return code === 0;
  } finally {
    stopDeploys();
    await cluster?.stop();
    rmSync(siteDir, { recursive: true, force: true });
    log(`cluster tests took ${((Date.now() - started) / 1000).toFixed(1)} s (start, tests, stop)`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { buildAll } = await import('./lib.mjs');
  const { setup } = await import('./setup.mjs');
  setup({ system: process.env.DATABASE_URL ? ['nginx'] : ['nginx', 'postgresql'] });
  buildAll();
  const { postgresForTests } = await import('./postgres.mjs');
  const postgres = await postgresForTests(process.env.DATABASE_URL);
  // `node scripts/test-cluster.mjs faults staff-site`: only the files whose names hold those.
  const ok = await runClusterTests({ databaseUrl: postgres.url, files: process.argv.slice(2) }).finally(() =>
    postgres.stop(),
  );
  process.exit(ok ? 0 : 1);
}
