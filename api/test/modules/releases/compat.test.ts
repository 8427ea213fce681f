import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_EXPOSES } from '@mchezo/contracts/releases-constants';
import { describe, expect, it } from 'vitest';
import { satisfies } from '../../../src/modules/releases/releases.compat.js';

describe('semver ranges of the compatibility check', () => {
  it.each([
    ['19.3.1', '^19.3.1', true],
    ['19.4.0', '^19.3.1', true],
    ['20.0.0', '^19.3.1', false],
    ['19.3.0', '^19.3.1', false],
    ['18.3.1', '^19.0.0', false],
    ['0.1.5', '^0.1.0', true],
    ['0.2.0', '^0.1.0', false],
    ['0.0.3', '^0.0.3', true],
    ['0.0.4', '^0.0.3', false],
    ['1.2.9', '~1.2.0', true],
    ['1.3.0', '~1.2.0', false],
    ['1.2.3', '1.2.3', true],
    ['1.2.4', '1.2.3', false],
    ['5.0.0', '>=4.0.0', true],
    ['5.0.0', '>=4.0.0 <5.0.0', false],
    ['4.5.0', '^3.0.0 || ^4.0.0', true],
    ['1.0.0', '*', true],
    ['1.0.0', '^*', true],
    ['1.4.0', '1.x', true],
    ['2.0.0', '1.x', false],
    // Prereleases are ordered as semver orders them, and are not excluded from ranges.
    ['19.4.0-rc.1', '^19.3.1', true],
    ['19.3.1-rc.1', '^19.3.1', false],
    ['1.0.0-beta.3', '1.0.0-beta.3', true],
    ['1.0.0-beta.3', '*', true],
    ['1.0.0-beta.3', '^*', true],
    ['1.2.3', '', true],
    ['1.2', '^1.0.0', false],
    ['1.2.3', 'not a range', false],
  ])('%s satisfies %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});

describe('REMOTE_EXPOSES', () => {
  it("names exactly the modules the shell's route table mounts", async () => {
    // The shell's table is the one that mounts pages; the API's check reads the constant.
    const file = join(import.meta.dirname, '../../../../shell/src/app/route-table.ts');
    // The comparison is the test: a moved table must fail here, not pass unchecked.
    expect(existsSync(file), `${file} is missing; point this test at the shell's route table`).toBe(true);
    const { REMOTE_ROUTES } = (await import(file)) as {
      REMOTE_ROUTES: readonly { remote: keyof typeof REMOTE_EXPOSES; expose: string }[];
    };
    const fromShell: Record<string, string[]> = {};
    for (const r of REMOTE_ROUTES) {
      fromShell[r.remote] = [...(fromShell[r.remote] ?? []), r.expose];
    }
    const fromConstant = Object.fromEntries(
      Object.entries(REMOTE_EXPOSES).map(([k, v]) => [k, [...v].sort()]),
    );
    for (const k of Object.keys(fromShell)) fromShell[k]!.sort();
    expect(fromShell).toEqual(fromConstant);
  });
});
