// A PostgreSQL server for `npm test` and `npm run start:cluster`: the one named by
// TEST_DATABASE_URL / DATABASE_URL, the one answering on 127.0.0.1:5432, or else a throwaway
// server started for the run (initdb into a temp folder, trust auth, a free port on loopback,
// stopped and deleted afterwards). Debian's binaries are used (/usr/lib/postgresql/<n>/bin, the
// `postgresql` package that scripts/setup.mjs installs); as root, the server runs as the
// `postgres` user (initdb and postgres refuse to run as root).
import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { log } from './lib.mjs';
import { required } from './setup.mjs';

const isRoot = () => process.getuid?.() === 0;

function portAnswers(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host });
    socket.setTimeout(1000);
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(false));
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a throwaway server: `{ url, stop(), down(), up() }`. The url's database is `postgres`,
 * user `postgres`, no password (trust, loopback only). `stop()` stops it and deletes its folder;
 * it is synchronous, so it also runs from an exit handler, and is registered on exit too.
 * `down()` and `up()` stop it as an operator's restart does (`pg_ctl stop -m fast`: sessions end
 * with 57P01) and start it again on the same folder and port; both answer when done and keep
 * the event loop free meanwhile (the fault tests, docs/decisions/035-surviving-faults.md).
 */
export async function startThrowawayPostgres() {
  const bin = required('postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'mchezo-pg-'));
  const data = join(dir, 'data');
  // initdb and postgres refuse root: run them as the `postgres` user, owner of the folder.
  const command = (cmd, args) => {
    const exe = join(bin, cmd);
    return isRoot() ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
  };
  const asServerUser = (cmd, args) => spawnSync(...command(cmd, args), { encoding: 'utf8', cwd: dir });
  const asServerUserAsync = (cmd, args) =>
    new Promise((resolve, reject) =>
      execFile(...command(cmd, args), { cwd: dir }, (err, stdout, stderr) =>
        err ? reject(new Error(`${cmd} ${args.at(-1)} failed: ${stdout}${stderr}`)) : resolve(),
      ),
    );
  if (isRoot()) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (ids.status !== 0)
      throw new Error('running as root, and there is no `postgres` user to run PostgreSQL as');
    chownSync(dir, Number(ids.stdout), Number(gids.stdout));
    chmodSync(dir, 0o700);
  }
  const check = (res, what) => {
    if (res.status !== 0) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`${what} failed (${res.status}):\n${res.stdout}${res.stderr}`);
    }
  };
  check(
    asServerUser('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']),
    'initdb',
  );
  const port = await freePort();
  // A test server: durability off (the folder is deleted afterwards), room for parallel suites.
  const options = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  const startArgs = ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start'];
  check(asServerUser('pg_ctl', startArgs), 'pg_ctl start');
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    asServerUser('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  log(`throwaway PostgreSQL (${bin}) at ${url}`);
  const down = () => asServerUserAsync('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  const up = () => asServerUserAsync('pg_ctl', startArgs);
  return { url, stop, down, up, throwaway: true };
}

/**
 * The PostgreSQL of a test run: `given` (TEST_DATABASE_URL by default) when set; the server on 127.0.0.1:5432 when
 * one answers (unless MCHEZO_THROWAWAY_POSTGRES=1); else a throwaway server. `{ url, stop() }`.
 */
export async function postgresForTests(given = process.env.TEST_DATABASE_URL) {
  if (given) return { url: given, stop() {}, throwaway: false };
  if (process.env.MCHEZO_THROWAWAY_POSTGRES !== '1' && (await portAnswers(5432))) {
    const url = 'postgres://postgres@127.0.0.1:5432/postgres';
    log(`PostgreSQL answers on 127.0.0.1:5432: using ${url}`);
    return { url, stop() {}, throwaway: false };
  }
  return startThrowawayPostgres();
}
