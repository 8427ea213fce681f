// The cluster's API instances, supervised (docs/decisions/035-surviving-faults.md): one that
// exits on its own is started again on its port, with backoff (0.5 s, 1 s, 2 s … 30 s; back
// to 0.5 s once it has stayed up 30 s), and that is said in the cluster's output and the
// instance's log. nginx routes around it meanwhile. A rolling deploy replaces them one at a
// time, nginx left as it is (docs/decisions/064-storage-and-timeouts.md): each is stopped (it
// finishes what it has; nginx sends the rest to the other) and started on the new code.
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { log, ROOT } from './lib.mjs';

const exited = (child) => child.exitCode !== null || child.signalCode !== null;
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `url` until it answers 2xx (60 s at most); throws early when `child` exits. */
export async function waitForOk(url, child, what, logFile) {
  const deadline = Date.now() + 60_000;
  const where = logFile ? `; see ${logFile}` : '';
  // The run folder (and the log in it) is deleted when the cluster stops: the log's end goes
  // into the error itself.
  const logEnd = () => {
    try {
      return `\n${readFileSync(logFile, 'utf8').trim().split('\n').slice(-15).join('\n')}`;
    } catch {
      return '';
    }
  };
  while (Date.now() < deadline) {
    if (exited(child))
      throw new Error(
        `${what} exited (${child.exitCode ?? child.signalCode})${where}${logFile ? logEnd() : ''}`,
      );
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await pause(150);
  }
  throw new Error(`${what} did not answer ${url} within 60 s${where}`);
}

/** SIGTERM (or `signal`), SIGKILL after 10 s; resolves once the child has exited. */
export function stopChild(child, signal = 'SIGTERM') {
  return new Promise((resolve) => {
    if (exited(child)) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

/**
 * The instances of one cluster: `start(i, env)` starts instance i (port chosen by the caller);
 * `instances` lists `{ name, url, port, child }`. `onChange` runs after any (re)start, so
 * the caller can rewrite nginx's upstreams and the instances file.
 */
export class Instances {
  constructor({ runDir, output, logFile, onChange }) {
    this.runDir = runDir;
    this.output = output;
    this.logFile = logFile;
    this.onChange = onChange;
    this.list = [];
    this.stopping = false;
  }

  /** Starts an instance on `port` with `env` and waits until it is ready. */
  async add(name, port, env) {
    const instance = {
      name,
      port,
      env,
      url: `http://127.0.0.1:${port}`,
      child: null,
      failures: 0,
    };
    this.list.push(instance);
    await this.spawn(instance);
    return instance;
  }

  async spawn(instance) {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'api', 'src', 'server.ts')], {
      cwd: join(ROOT, 'api'),
      stdio: this.output(instance.name),
      env: { ...process.env, ...instance.env, PORT: String(instance.port) },
    });
    instance.child = child;
    instance.startedAt = Date.now();
    child.once('exit', (code, signal) => {
      if (!this.stopping && !instance.replacing) this.restart(instance, code ?? signal);
    });
    await waitForOk(`${instance.url}/api/v1/health/ready`, child, instance.name, this.logFile(instance.name));
    this.onChange();
  }

  /** An instance that exited on its own: started again after its backoff. */
  restart(instance, how) {
    // Counted from 1: after 30 s up, the next exit is a first one again (0.5 s).
    instance.failures = (Date.now() - instance.startedAt > 30_000 ? 0 : instance.failures) + 1;
    const delay = Math.min(500 * 2 ** (instance.failures - 1), 30_000);
    this.say(instance, `exited (${how}); restarting in ${delay} ms (restart ${instance.failures} in a row)`);
    setTimeout(async () => {
      if (this.stopping) return;
      try {
        await this.spawn(instance);
        this.say(instance, `restarted, ready at ${instance.url}`);
      } catch (err) {
        // Its exit handler has scheduled the next try already, when it exited.
        this.say(instance, `did not come up: ${err.message}`);
      }
    }, delay).unref();
  }

  say(instance, line) {
    log(`${instance.name} ${line}`);
    const file = this.logFile(instance.name);
    if (file) appendFileSync(file, `[cluster] ${new Date().toISOString()} ${instance.name} ${line}\n`);
  }

  async stopAll() {
    this.stopping = true;
    await Promise.all(this.list.map((i) => stopChild(i.child)));
  }

  /**
   * Replaces each instance in turn, nginx left as it is: stopped (it stops listening, finishes
   * its requests and answers 503 to any more on its open connections: nginx passes those, and
   * the refused connections, to the other), started again on the same port (the code as it is
   * now) and serving once ready (it listens only then). Answers one `{ name, stopped_ms,
   * ready_ms }` per instance.
   */
  async replaceOneByOne() {
    const steps = [];
    for (const instance of this.list) {
      const started = Date.now();
      instance.replacing = true;
      await stopChild(instance.child);
      instance.replacing = false;
      const stoppedAt = Date.now();
      instance.failures = 0;
      await this.spawn(instance);
      this.say(instance, 'replaced (rolling deploy)');
      steps.push({ name: instance.name, stopped_ms: stoppedAt - started, ready_ms: Date.now() - stoppedAt });
    }
    return steps;
  }

  /**
   * nginx's upstream lines: every instance, never marked failed (`max_fails=0`): an instance that
   * is down refuses the connection and nginx tries the next at once; one that answered 503 (its
   * database away a moment, or it is stopping) is asked again by the next request, instead of
   * being left out for a while when it may be the only one ready.
   */
  upstreams() {
    return this.list.map((i) => `server 127.0.0.1:${i.port} max_fails=0;\n`).join('');
  }

  /**
   * `instances.json` in the run folder: name, url and pid of each (the fault tests read it).
   * Written aside and renamed, so a reader never meets a half-written file.
   */
  writeList() {
    const list = this.list.map((i) => ({ name: i.name, url: i.url, pid: i.child?.pid }));
    const file = join(this.runDir, 'instances.json');
    writeFileSync(`${file}.tmp`, JSON.stringify(list));
    renameSync(`${file}.tmp`, file);
  }
}
