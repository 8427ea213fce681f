import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const report = (err) => parentPort.postMessage({ error: String(err && err.message) });
const begin = db.prepare('begin');
const touch = db.prepare('select 1 from sqlite_schema limit 1');
const commit = db.prepare('commit');
let anchored = false;
function anchor() {
  try {
    begin.run();
    touch.get();
    anchored = true;
  } catch (err) {
    if (db.inTransaction) try { commit.run(); } catch {}
    report(err);
  }
}
function release() {
  if (!anchored) return;
  anchored = false;
  try { commit.run(); } catch (err) { report(err); }
}
function checkpoint() {
  release();
  let complete = false;
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    complete = r.busy === 0 && r.log === r.checkpointed;
  } catch (err) { report(err); }
  if (complete && workerData.anchor) anchor();
}
checkpoint();
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (msg) => {
  if (msg !== 'stop') return;
  clearInterval(timer);
  release();
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
  db.close();
  parentPort.postMessage('stopped');
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * WAL checkpoints copy pages into the database file and fsync it. On the request thread that
 * stalls every request behind a disk flush (better-sqlite3 is synchronous), so a worker thread
 * with its own connection checkpoints every `everyMs` instead. PASSIVE never blocks the writer.
 * The main connection keeps a high auto-checkpoint as a backstop if the worker ever stops.
 *
 * Between checkpoints the worker also keeps a read transaction open on its connection (the
 * "anchor"), but only when its last checkpoint copied the whole WAL back, so that the anchor
 * reads the database file alone (WAL read mark 0). Every statement outside a transaction is a
 * read transaction of its own, and each takes and drops a shared lock on a WAL read mark;
 * SQLite's unix VFS counts those locks per process and makes a system call (fcntl) only for
 * the first holder and the last. With the anchor holding mark 0, the per-request reads on the
 * read-only connection (the session check of every authenticated request) stop making two
 * fcntl calls each. Nothing is cached: each read still starts its own transaction and sees
 * the last commit (a WAL frame newer than the anchor's snapshot is read from the WAL, with a
 * read mark of its own, as before). What the anchor delays is copying new frames back into
 * the database file, which needs mark 0 exclusively: it is released before each checkpoint,
 * which then runs as before (every `everyMs`, WAL and database synced). On mark 0 it does not
 * stop the WAL from being reused; should a commit land between the checkpoint and the anchor's
 * read, the anchor holds that later snapshot instead, and the WAL is reused at most one
 * interval later. When writes keep the WAL from being fully copied back, there is no anchor.
 */
export function startCheckpointer(
  file: string,
  everyMs = 1000,
  onError: (message: string) => void = () => {},
  { anchor = true }: { anchor?: boolean } = {},
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, everyMs, anchor } });
  worker.unref();
  worker.on('message', (msg: unknown) => {
    if (msg && typeof msg === 'object' && 'error' in msg) onError(String((msg as { error: unknown }).error));
  });
  worker.on('error', (err) => onError(err.message));
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => resolve();
        worker.once('exit', done);
        worker.once('message', (msg) => {
          if (msg === 'stopped') void worker.terminate().then(done, done);
        });
        worker.postMessage('stop');
        setTimeout(() => void worker.terminate().then(done, done), 2000).unref();
      }),
  };
}
