import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RepositoryBuilder, runRelease } from './release.ts';

let cdn: string;
let errors: string[];

beforeEach(() => {
  cdn = mkdtempSync(join(tmpdir(), 'release-cli-'));
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
  // A deploy key: publish goes on without a stored login.
  vi.stubEnv('MCHEZO_DEPLOY_KEY', 'mdk_test');
  process.exitCode = undefined;
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  rmSync(cdn, { recursive: true, force: true });
  process.exitCode = undefined;
});

describe('runRelease: the builder is an argument', () => {
  it('without one (installed outside the repository), publish asks for a built folder', async () => {
    await runRelease(['publish', 'wallet', '--api', 'http://127.0.0.1:9']);
    expect(process.exitCode).toBe(1);
    expect(errors.join('\n')).toMatch(
      /publish builds a remote only inside the Mchezo repository.*--dir <path>/,
    );
  });

  it('with one, publish builds the remote with it and looks in its CDN folder', async () => {
    const buildRemote = vi.fn((_name: string) => '1.0.0-abcdef12');
    const builder: RepositoryBuilder = { ROOT: cdn, CDN_DIR: cdn, buildRemote, ensureDependencies: vi.fn() };
    await runRelease(['publish', 'wallet', '--api', 'http://127.0.0.1:9'], { build: async () => builder });
    expect(buildRemote).toHaveBeenCalledWith('wallet');
    expect(process.exitCode).toBe(1);
    expect(errors.join('\n')).toContain(
      `${join(cdn, 'remotes', 'wallet', '1.0.0-abcdef12')} has no mf-manifest.json`,
    );
  });
});
