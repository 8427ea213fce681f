// `npm run start:cluster`: the product as it runs at scale, on this machine. PostgreSQL
// (DATABASE_URL, or a throwaway server for this run), two API instances sharing it and the same
// secrets, and nginx in front (http://127.0.0.1:8080, PORT to change) serving the CDN folder's
// immutable files itself and passing the page and /api to the instances, round robin.
// Ctrl-C stops everything. See README "Running at scale".
import { buildAll, CDN_DIR, ensureDependencies, log } from './lib.mjs';

ensureDependencies();
buildAll();

// Imported once the dependencies are in (it loads the API's PostgreSQL client).
const { startCluster } = await import('./cluster.mjs');
const cluster = await startCluster({
  databaseUrl: process.env.DATABASE_URL || undefined,
  schema: process.env.DATABASE_SCHEMA || 'public',
  siteDir: process.env.SITE_DIR ?? CDN_DIR,
  port: Number(process.env.PORT ?? 8080),
  instances: Number(process.env.CLUSTER_INSTANCES ?? 2),
  // The first instance deploys what was just built, as `npm start` does.
  firstEnv: { RELEASES_ACTIVATE_LATEST: process.env.RELEASES_ACTIVATE_LATEST ?? 'true' },
});
log(`cluster up: ${cluster.url}  (instances ${cluster.instances.join(', ')}; Ctrl-C stops everything)`);
if (!process.env.DATABASE_URL)
  log('the database is a throwaway PostgreSQL: it is deleted when the cluster stops');

let stopping = false;
async function shutdown(why, code) {
  if (stopping) return;
  stopping = true;
  log(`${why}: stopping the cluster`);
  await cluster.stop();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => shutdown(signal, 0));
// Ctrl-C reaches the whole process group: let our own handler win over the children's exits.
cluster.exited.then((why) => setTimeout(() => shutdown(why, 1), 300));
