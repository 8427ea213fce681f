import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (err) { parentPort.postMessage({ error: String(err && err.message) }); }
}, workerData.everyMs);
parentPort.on('message', (msg) => {
  if (msg !== 'stop') return;
  clearInterval(timer);
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
 */
export function startCheckpointer(
  file: string,
  everyMs = 1000,
  onError: (message: string) => void = () => {},
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, everyMs } });
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
