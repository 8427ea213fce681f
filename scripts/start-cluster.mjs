// `npm run start:cluster`: the product as it runs at scale, on this machine. PostgreSQL
// (DATABASE_URL, or a throwaway server for this run), two API instances sharing it and the same
// secrets but no folder (remote versions in the database, docs/decisions/049-version-store.md),
// and nginx in front (http://127.0.0.1:8080, PORT to change) serving the shell's files from the
// build folder itself, caching the remote versions the instances serve, and passing the page and
// /api to the instances, round robin.
// An instance that exits is started again (with backoff); Ctrl-C (or SIGTERM) stops everything;
// `npm run deploy:rolling` replaces the instances one at a time. See docs/running.md "Running at scale".
import { rmSync, writeFileSync } from 'node:fs';
import { buildAll, CDN_DIR, log } from './lib.mjs';
import { setup } from './setup.mjs';

// nginx, and PostgreSQL's binaries for a throwaway server when no DATABASE_URL is given.
setup({ system: process.env.DATABASE_URL ? ['nginx'] : ['nginx', 'postgresql'] });
buildAll();

// Imported once the dependencies are in (it loads the API's PostgreSQL client).
const { clusterFile, deployOnSignal, startCluster } = await import('./cluster.mjs');
const cluster = await startCluster({
  databaseUrl: process.env.DATABASE_URL || undefined,
  schema: process.env.DATABASE_SCHEMA || 'public',
  siteDir: process.env.SITE_DIR ?? CDN_DIR,
  port: Number(process.env.PORT ?? 8080),
  instances: Number(process.env.CLUSTER_INSTANCES ?? 2),
});
// Where `npm run deploy:rolling` finds this process (it sends SIGHUP).
const port = Number(new URL(cluster.url).port);
writeFileSync(
  clusterFile(port),
  JSON.stringify({ pid: process.pid, runDir: cluster.runDir, url: cluster.url }),
);
deployOnSignal(cluster);
log(`cluster up: ${cluster.url}  (instances ${cluster.instances.join(', ')}; Ctrl-C stops everything)`);
if (!process.env.DATABASE_URL)
  log('the database is a throwaway PostgreSQL: it is deleted when the cluster stops');

let stopping = false;
async function shutdown(why, code) {
  if (stopping) return;
  stopping = true;
  log(`${why}: stopping the cluster`);
  rmSync(clusterFile(port), { force: true });
  await cluster.stop();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => shutdown(signal, 0));
// nginx stopped on its own (an instance that stops is restarted). Ctrl-C reaches the whole
// process group: let our own handler win over nginx's exit.
cluster.exited.then((why) => setTimeout(() => shutdown(why, 1), 300));
