// `npm run deploy:rolling`: builds what changed, then has the cluster of `npm run start:cluster`
// (on PORT, 8080 by default) replace its API instances one at a time with the new code: each is
// stopped once its requests are done (nginx, never reloaded, sends the others to the other
// instance) and started again (scripts/cluster-instances.mjs; docs/running.md "Running at scale").
// Prints the steps' times.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll, ensureDependencies, log } from './lib.mjs';

ensureDependencies();
buildAll();
const { clusterFile } = await import('./cluster.mjs');
const file = clusterFile(Number(process.env.PORT ?? 8080));
if (!existsSync(file)) {
  log(`no cluster found (${file}): start one with \`npm run start:cluster\``);
  process.exit(1);
}
const { pid, runDir } = JSON.parse(readFileSync(file, 'utf8'));
const statusFile = join(runDir, 'deploy.json');
const read = () => (existsSync(statusFile) ? JSON.parse(readFileSync(statusFile, 'utf8')) : null);
const asked = Date.now();
process.kill(pid, 'SIGHUP');
let status = read();
while (!status || status.requested_at < asked || status.state === 'running') {
  await new Promise((r) => setTimeout(r, 200));
  status = read();
}
if (status.state !== 'done') {
  log(`rolling deploy failed: ${status.error}`);
  process.exit(1);
}
for (const s of status.steps)
  log(`${s.name}: stopped in ${s.stopped_ms} ms, ready again in ${s.ready_ms} ms`);
log(`rolling deploy done in ${(status.took_ms / 1000).toFixed(1)} s`);
