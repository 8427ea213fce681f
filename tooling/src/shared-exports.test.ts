import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM shared with the build scripts (scripts/lib.mjs), no types.
import * as shared from './shared-exports.mjs';

const { exportedNames, importedNames, remoteSharedImports, shellSharedExports } = shared as {
  exportedNames: (code: string) => string[];
  importedNames: (code: string, module: string) => string[];
  remoteSharedImports: (dir: string) => Record<string, string[]>;
  shellSharedExports: (root: string, manifest: string) => Record<string, string[]>;
};

const root = mkdtempSync(join(tmpdir(), 'shared-exports-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
function write(path: string, content: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

describe('exportedNames', () => {
  it('lists the values a module exports, declared or re-exported, and leaves types out', () => {
    const code = `
      export { Link, useNavigate as useGo } from 'react-router-dom';
      export type { To } from 'react-router-dom';
      const local = 1;
      export { local, type Hidden };
      export class ApiError extends Error {}
      export async function request() {}
      export function* ids() {}
      export const API_BASE = '/api/v1', other = 2;
      export let counter = 0;
      export enum Kind { A }
      export interface Shape {}
      export type Alias = string;
      export default function Page() {}
      // export function commentedOut() {}
      /* export const alsoCommented = 1; */
    `;
    expect(exportedNames(code)).toEqual(
      [
        'API_BASE',
        'ApiError',
        'Kind',
        'Link',
        'counter',
        'default',
        'ids',
        'local',
        'request',
        'useGo',
      ].sort(),
    );
  });

  it('says "*" for a star re-export, whose names the text does not give', () => {
    expect(exportedNames("export * from './money';")).toEqual(['*']);
  });
});

describe('importedNames', () => {
  it('lists the values imported from one module: named, aliased and default; not types', () => {
    const code = `
      import Thing, { ApiError, lockoutOf as lockout, type LockoutDetail } from '@mchezo/api-client/errors';
      import type { Host } from '@mchezo/api-client/errors';
      import { api } from '@mchezo/api-client/client';
    `;
    expect(importedNames(code, '@mchezo/api-client/errors')).toEqual(['default', 'ApiError', 'lockoutOf']);
    expect(importedNames(code, '@mchezo/api-client/client')).toEqual(['api']);
    expect(importedNames(code, '@mchezo/host/context')).toEqual([]);
  });
});

describe('what a build records', () => {
  it("the shell: exports of the @mchezo modules its manifest shares, from the workspace's sources", () => {
    write('shared/api-client/src/errors.ts', 'export class ApiError {}\nexport function lockoutOf() {}\n');
    write('shared/host/src/context.tsx', 'export function useHost() {}\n');
    write('shared/ui/src/alert.tsx', 'export function Alert() {}\n');
    write(
      'shell/dist/mf-manifest.json',
      JSON.stringify({
        shared: [{ name: 'react' }, { name: '@mchezo/host/context' }, { name: '@mchezo/api-client/errors' }],
      }),
    );
    expect(shellSharedExports(root, join(root, 'shell/dist/mf-manifest.json'))).toEqual({
      '@mchezo/api-client/errors': ['ApiError', 'lockoutOf'],
      '@mchezo/host/context': ['useHost'],
    });
  });

  it('a remote: every name its shipped sources import from @mchezo modules (not tests, not standalone)', () => {
    write(
      'remotes/wallet/src/pages/page.tsx',
      "import { useHost } from '@mchezo/host/context';\nimport { ApiError, isLockout } from '@mchezo/api-client/errors';\nimport { z } from 'zod';\n",
    );
    write(
      'remotes/wallet/src/pages/page.test.tsx',
      "import { renderRemote } from '@mchezo/host/render-remote';\n",
    );
    write(
      'remotes/wallet/src/standalone/main.tsx',
      "import { FakeHostProvider } from '@mchezo/host/testing';\n",
    );
    write('remotes/wallet/src/api/x.ts', "import { useHost, useToast } from '@mchezo/host/context';\n");
    expect(remoteSharedImports(join(root, 'remotes/wallet'))).toEqual({
      '@mchezo/api-client/errors': ['ApiError', 'isLockout'],
      '@mchezo/host/context': ['useHost', 'useToast'],
    });
  });
});
