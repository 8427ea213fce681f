/**
 * The release CLI (`scripts/release.mjs`) against a real API over HTTP, for a describe block:
 * an app on SQLite serving a temporary CDN folder, one release manager (`phone`, signed up and
 * enrolled with an authenticator: `code()` is their next code for `login --code`),
 * and a home folder for the CLI's stored session. `cli` answers `{ code, out }`; `ok` expects
 * success and answers the output; `cliWith` runs it with more environment (MCHEZO_DEPLOY_KEY).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect } from 'vitest';
import { freshPhone, startApp, type TestApp } from '../../helpers.js';
import { enrol, nextStep, totpCode } from '../../staff-kit.js';
import { makeCdn } from './fixtures.js';

const run = promisify(execFile);
const CLI = join(import.meta.dirname, '../../../../scripts/release.mjs');

interface ReleaseCliKit {
  t: TestApp;
  cdn: string;
  home: string;
  phone: string;
  cli: (...args: string[]) => Promise<{ code: number; out: string }>;
  cliWith: (env: Record<string, string>, ...args: string[]) => Promise<{ code: number; out: string }>;
  ok: (...args: string[]) => Promise<string>;
  /** A fresh authenticator code of the release manager (the clock moves to the next step). */
  code: () => string;
}

export function useReleaseCli(env: Record<string, string> = {}): ReleaseCliKit {
  const kit = { phone: freshPhone() } as ReleaseCliKit;
  let api = '';
  beforeAll(async () => {
    kit.cdn = makeCdn();
    kit.home = mkdtempSync(join(tmpdir(), 'mchezo-cli-'));
    kit.t = await startApp('sqlite', { SITE_DIR: kit.cdn, RELEASE_MANAGER_PHONES: kit.phone, ...env });
    const enrolled = await enrol(kit.t, await kit.t.signedInPlayer(kit.phone));
    kit.code = () => {
      nextStep(kit.t);
      return totpCode(enrolled.secret, kit.t.clock.now());
    };
    api = await kit.t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await kit.t.close();
    rmSync(kit.cdn, { recursive: true, force: true });
    rmSync(kit.home, { recursive: true, force: true });
  });
  kit.cli = (...args) => kit.cliWith({}, ...args);
  kit.cliWith = async (more, ...args) => {
    try {
      const { stdout } = await run(process.execPath, [CLI, ...args, '--api', api, '--cdn', kit.cdn], {
        env: { ...process.env, DATA_DIR: kit.home, ...more },
      });
      return { code: 0, out: stdout };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: `${e.stdout}${e.stderr}` };
    }
  };
  kit.ok = async (...args) => {
    const res = await kit.cli(...args);
    expect(res.code, res.out).toBe(0);
    return res.out;
  };
  return kit;
}
