// The cluster of `npm run start:cluster` and of `npm test`'s cluster money tests: PostgreSQL
// (DATABASE_URL, or a throwaway server), two API instances on their own ports sharing that
// database and the same secrets but no folder (each its own; remote versions are in the database,
// docs/decisions/049-version-store.md), and Debian's nginx in front as the load balancer and CDN
// (config written from cluster/nginx.conf.template into the run's temp folder; nginx and
// PostgreSQL are installed by scripts/setup.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Instances, stopChild, waitForOk } from './cluster-instances.mjs';
import { log, ROOT } from './lib.mjs';
import { freePort, startThrowawayPostgres } from './postgres.mjs';
import { required } from './setup.mjs';

// pg is the API's dependency: resolved from there, when needed (after the install).
const pgClient = (url) =>
  new (createRequire(join(ROOT, 'api', 'package.json'))('pg').Client)({ connectionString: url });
const isRoot = () => process.getuid?.() === 0;
/**
 * Where nginx listens and connects to the instances from: the one address the instances believe
 * X-Forwarded-For from (TRUST_PROXY; nginx sets it to the client it saw, cluster/proxy.conf).
 */
const NGINX_ADDRESS = '127.0.0.1';
/** The four secrets every instance must share, generated once per cluster run. */
function clusterSecrets() {
  const secret = () => randomBytes(32).toString('base64url');
  return {
    JWT_SECRET: secret(),
    PAYMENT_CALLBACK_SECRET: secret(),
    CHAT_TOKEN_SECRET: secret(),
    GAME_PROVIDER_SECRET: secret(),
  };
}

/**
 * Starts the cluster and answers `{ url, instances, secrets, databaseUrl, schema, runDir, stop(),
 * exited, deploy() }` (`exited`: a promise that nginx stopped on its own; an instance that stops
 * on its own is started again: scripts/cluster-instances.mjs; `deploy()`: a rolling deploy).
 * - `databaseUrl`: a PostgreSQL to use (else a throwaway server is started and stopped with it);
 * - `schema`: the PostgreSQL schema both instances share (`public` by default; a fresh one is
 *   dropped by stop() when `dropSchema` is set);
 * - `siteDir`: the site's build folder (build/cdn): nginx serves the shell's files from it, each
 *   instance gets its own copy of `shell/` (the page it composes) and none of `remotes/`; the first
 *   instance publishes the newest build of each remote there into the database at start (as
 *   `npm start` does), every other version is uploaded (`release.mjs publish`);
 * - `port`: nginx's port (0 = a free one);
 * - `env`: more variables for both instances (the first one also gets `firstEnv`);
 * - `quiet`: instance and nginx output go to log files in the run folder instead of the terminal.
 */
export async function startCluster({
  databaseUrl,
  schema = 'public',
  dropSchema = false,
  siteDir,
  port = 0,
  instances: count = 2,
  env = {},
  firstEnv = {},
  quiet = false,
} = {}) {
  const nginx = required('nginx');
  const runDir = mkdtempSync(join(tmpdir(), 'mchezo-cluster-'));
  // nginx's workers (www-data when started as root) read the config folder.
  chmodSync(runDir, 0o755);
  const children = [];
  let postgres = null;
  let stopping = null;
  /** Resolves with the name of the first process that exits before stop(). */
  let onUnexpectedExit;
  const exited = new Promise((resolve) => {
    onUnexpectedExit = resolve;
  });
  const output = (name) => {
    if (!quiet) return ['ignore', 'inherit', 'inherit'];
    const fd = openSync(join(runDir, `${name}.log`), 'a');
    return ['ignore', fd, fd];
  };
  const upstreamsFile = join(runDir, 'upstreams.conf');
  const supervised = new Instances({
    runDir,
    output,
    logFile: (name) => (quiet ? join(runDir, `${name}.log`) : undefined),
    onChange: () => {
      supervised.writeList();
      writeFileSync(upstreamsFile, supervised.upstreams());
    },
  });

  const stop = () => {
    stopping ??= (async () => {
      // nginx first (no new requests), then the instances (they finish what they have), then
      // the database.
      supervised.stopping = true;
      await Promise.all(children.map((child) => stopChild(child, 'SIGQUIT')));
      await supervised.stopAll();
      if (dropSchema && schema !== 'public' && databaseUrl) {
        const client = pgClient(databaseUrl);
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      }
      postgres?.stop();
      rmSync(runDir, { recursive: true, force: true });
    })();
    return stopping;
  };
  try {
    if (!databaseUrl) {
      postgres = await startThrowawayPostgres();
      databaseUrl = postgres.url;
    }
    const lbPort = port || (await freePort());
    const url = `http://${NGINX_ADDRESS}:${lbPort}`;
    const secrets = clusterSecrets();
    // One after the other: the first runs the migrations (and the release sync) alone.
    for (let i = 0; i < count; i++) {
      const name = `api-${i + 1}`;
      const dataDir = join(runDir, name);
      mkdirSync(dataDir);
      // Its own folder: everything the build made (the shell, the staff site, whatever else the
      // site serves under `npm start`) but the remotes, whose versions come from the database
      // store.
      const ownSite = join(dataDir, 'site');
      if (siteDir)
        cpSync(siteDir, ownSite, {
          recursive: true,
          filter: (source) => source !== join(siteDir, 'remotes'),
        });
      const instance = await supervised.add(name, await freePort(), {
        ...env,
        ...(i === 0 ? firstEnv : {}),
        ...secrets,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        DATABASE_SCHEMA: schema,
        PUBLIC_BASE_URL: url,
        TRUST_PROXY: NGINX_ADDRESS,
        RELEASES_STORE: 'database',
        ...(siteDir ? { SITE_DIR: ownSite } : {}),
        // The builds to publish at start: read by the first instance only, once.
        ...(siteDir && i === 0 ? { RELEASES_BUILDS_DIR: join(siteDir, 'remotes') } : {}),
      });
      log(`${name} ready at ${instance.url}`);
    }
    const instances = supervised.list.map((i) => i.url);

    const template = readFileSync(join(ROOT, 'cluster', 'nginx.conf.template'), 'utf8');
    const mimeTypes = ['/etc/nginx/mime.types', '/usr/local/nginx/conf/mime.types'].find(existsSync);
    const config = template
      .replaceAll('{{USER}}', isRoot() ? 'user www-data;' : '')
      .replaceAll('{{RUN_DIR}}', runDir)
      .replaceAll('{{LISTEN}}', `${NGINX_ADDRESS}:${lbPort}`)
      .replaceAll('{{CDN_DIR}}', siteDir ?? join(runDir, 'no-site'))
      .replaceAll('{{MIME_TYPES}}', mimeTypes ?? join(runDir, 'mime.types'));
    if (!mimeTypes)
      writeFileSync(
        join(runDir, 'mime.types'),
        'types { text/html html; application/javascript js; text/css css; application/json json; }\n',
      );
    for (const file of ['proxy.conf', 'errors.conf', 'static-headers.conf'])
      copyFileSync(join(ROOT, 'cluster', file), join(runDir, file));
    writeFileSync(join(runDir, 'nginx.conf'), config);
    const test = spawnSync(nginx, ['-t', '-p', runDir, '-c', join(runDir, 'nginx.conf')], {
      encoding: 'utf8',
    });
    if (test.status !== 0) throw new Error(`nginx refused the config:\n${test.stderr}`);
    const lb = spawn(nginx, ['-p', runDir, '-c', join(runDir, 'nginx.conf')], { stdio: output('nginx') });
    children.push(lb);
    lb.once('exit', (code, signal) => {
      if (!stopping) onUnexpectedExit(`nginx exited (${code ?? signal})`);
    });
    await waitForOk(`${url}/api/v1/health`, lb, 'nginx', join(runDir, 'nginx-error.log'));
    log(`nginx (${nginx}) ready at ${url}, round robin over ${instances.join(', ')}`);

    /**
     * A rolling deploy: the instances replaced one at a time (scripts/cluster-instances.mjs),
     * nginx never reloaded (docs/decisions/064-storage-and-timeouts.md): a reload's old workers
     * close every idle kept-alive client connection, and a client sending on one just then
     * loses its request. The upstreams stay as they are; a stopping instance refuses new
     * connections and answers 503 on the ones it has, which nginx passes to the other.
     */
    const deploy = async () => {
      const started = Date.now();
      const steps = await supervised.replaceOneByOne();
      return { took_ms: Date.now() - started, steps };
    };
    return { url, instances, secrets, databaseUrl, schema, runDir, stop, exited, deploy };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Where `npm run deploy:rolling` finds the cluster listening on `port` (its pid and run folder). */
export const clusterFile = (port) => join(tmpdir(), `mchezo-cluster-${port}.json`);

/**
 * SIGHUP to this process starts a rolling deploy of `cluster`; its progress and result are in
 * `<runDir>/deploy.json` (`{state: running|done|failed, requested_at, took_ms, steps, error}`).
 * Answers a function that stops listening.
 */
export function deployOnSignal(cluster) {
  const status = join(cluster.runDir, 'deploy.json');
  let running = false;
  const onSignal = async () => {
    if (running) return log('a rolling deploy is already running');
    running = true;
    const requested_at = Date.now();
    writeFileSync(status, JSON.stringify({ state: 'running', requested_at }));
    log('rolling deploy: replacing the instances one at a time');
    try {
      const result = await cluster.deploy();
      writeFileSync(status, JSON.stringify({ state: 'done', requested_at, ...result }));
      log(`rolling deploy done in ${(result.took_ms / 1000).toFixed(1)} s: ${JSON.stringify(result.steps)}`);
    } catch (err) {
      writeFileSync(status, JSON.stringify({ state: 'failed', requested_at, error: String(err) }));
      log(`rolling deploy failed: ${err}`);
    } finally {
      running = false;
    }
  };
  process.on('SIGHUP', onSignal);
  return () => process.off('SIGHUP', onSignal);
}
