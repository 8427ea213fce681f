// `npm start`: installs what is missing, builds what is not built, then serves the API and
// the site (shell + versioned remotes, as deployed) at http://127.0.0.1:8080 (PORT to change).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildAll, CDN_DIR, log, ROOT } from './lib.mjs';
import { setup } from './setup.mjs';

// pnpm and the dependencies: no Debian package is needed to serve.
setup({ system: [] });
buildAll();

const port = process.env.PORT ?? '8080';
log(`starting the API and the site at http://127.0.0.1:${port}`);
const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'api', 'src', 'server.ts')], {
  cwd: join(ROOT, 'api'),
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    // A local run (test codes, payment simulator, SMS on the console): never production, which
    // refuses those (api/README.md, "Production mode"), whatever the shell's NODE_ENV says.
    NODE_ENV: 'development',
    // The simulator's controls, to fake a Paybill payment locally (docs/running.md, "Paybill locally").
    SIMULATOR_TEST_CONTROL: process.env.SIMULATOR_TEST_CONTROL ?? 'true',
    SITE_DIR: process.env.SITE_DIR ?? CDN_DIR,
    // Start-up registers what it just built and activates nothing but the first manifest of a
    // fresh data folder (docs/decisions/059-canary-floors-and-start-up.md).
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
