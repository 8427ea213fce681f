/**
 * The dependency check must actually fail on a bad import: each case builds a tiny tree with
 * the workspace's folder names in a temporary folder and runs the real `depcruise` with the
 * real rules on it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEPCRUISE = join(ROOT, 'node_modules', '.bin', 'depcruise');
let dir = '';

function tree(files: Record<string, string>): void {
  dir = mkdtempSync(join(tmpdir(), 'depcheck-'));
  copyFileSync(join(ROOT, 'tsconfig.base.json'), join(dir, 'tsconfig.base.json'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}

function check(): { ok: boolean; output: string } {
  const res = spawnSync(
    DEPCRUISE,
    ['--config', join(ROOT, '.dependency-cruiser.cjs'), 'shell', 'remotes', 'shared', 'site', 'staff', 'api'],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  );
  return { ok: res.status === 0, output: `${res.stdout}${res.stderr}` };
}

const BASE = {
  'shared/contracts/src/wallet.ts':
    "import { z } from 'zod';\nexport const Balance = z.object({});\nexport type Balance = { amount: number };\n",
  'shared/contracts/src/casino-constants.ts': 'export const GAME_CATEGORIES = [] as const;\n',
  'shared/host/src/context.tsx': 'export const HostContext = null;\n',
  'shared/contracts/src/testing.ts':
    "import { z } from 'zod';\nexport const checkFixture = (v: unknown) => z.unknown().parse(v);\n",
  'shared/host/src/render-remote.tsx':
    "import { checkFixture } from '../../contracts/src/testing.ts';\nexport const renderRemote = () => checkFixture;\n",
  'remotes/wallet/src/deposit-page.tsx': 'export default function DepositPage() { return null; }\n',
  'shell/src/app.tsx': 'export const App = 1;\n',
  'api/src/server.ts': 'export {};\n',
  'site/src/site.plugin.ts': 'export const sitePlugin = 1;\n',
  // The staff site: contract types and its own router are fine (no facade: it is no remote).
  'staff/src/app.tsx':
    "import type { Balance } from '../../shared/contracts/src/wallet.ts';\nimport { Link } from 'react-router-dom';\nexport const STAFF: [Balance | null, unknown] = [null, Link];\n",
  'api/src/modules/wallet/wallet.repository.ts': 'export const findWallet = () => null;\n',
  'api/src/modules/wallet/wallet.service.ts':
    "import { findWallet } from './wallet.repository.js';\nexport const balance = () => findWallet();\n",
  'api/src/modules/wallet/wallet.types.ts': 'export type Pots = { main: number };\n',
  'node_modules/react-router-dom/package.json': '{"name":"react-router-dom","main":"index.js"}',
  'node_modules/react-router-dom/index.js': 'export const Link = 1;\n',
};

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('dependency check', () => {
  it('passes a tree that keeps to the edges', () => {
    tree({
      ...BASE,
      'remotes/lobby/src/home-page.tsx':
        "import { HostContext } from '../../../shared/host/src/context.tsx';\nimport type { Balance } from '../../../shared/contracts/src/wallet.ts';\nimport { GAME_CATEGORIES } from '../../../shared/contracts/src/casino-constants.ts';\nexport const x: Balance | null = null;\nexport default [HostContext, GAME_CATEGORIES];\n",
      'api/src/modules/casino/casino.service.ts':
        "import { balance } from '../wallet/wallet.service.js';\nimport type { Pots } from '../wallet/wallet.types.js';\nexport const stake = (p: Pots) => [balance(), p];\n",
      'api/src/app.ts':
        "import { sitePlugin } from '../../site/src/site.plugin.ts';\nexport default sitePlugin;\n",
    });
    const result = check();
    expect(result.output).toContain('no dependency violations');
    expect(result.ok).toBe(true);
  });

  it.each([
    [
      'staff-imports-app',
      'staff/src/bad.ts',
      "import { App } from '../../shell/src/app.tsx';\nexport default App;\n",
    ],
    [
      'staff-imports-app',
      'staff/src/bad.ts',
      "import D from '../../remotes/wallet/src/deposit-page.tsx';\nexport default D;\n",
    ],
    [
      'nothing-imports-staff',
      'shell/src/bad.ts',
      "import { STAFF } from '../../staff/src/app.tsx';\nexport default STAFF;\n",
    ],
    [
      'browser-imports-zod-schemas',
      'staff/src/bad.ts',
      "import { Balance } from '../../shared/contracts/src/wallet.ts';\nexport default Balance;\n",
    ],
    [
      'remote-imports-other-remote',
      'remotes/lobby/src/bad.ts',
      "import D from '../../wallet/src/deposit-page.tsx';\nexport default D;\n",
    ],
    [
      'remote-imports-shell',
      'remotes/lobby/src/bad.ts',
      "import { App } from '../../../shell/src/app.tsx';\nexport default App;\n",
    ],
    [
      'shared-imports-app',
      'shared/host/src/bad.ts',
      "import D from '../../../remotes/wallet/src/deposit-page.tsx';\nexport default D;\n",
    ],
    [
      'shell-imports-remote',
      'shell/src/bad.ts',
      "import D from '../../remotes/wallet/src/deposit-page.tsx';\nexport default D;\n",
    ],
    [
      'library-behind-a-facade',
      'remotes/lobby/src/bad.ts',
      "import { Link } from 'react-router-dom';\nexport default Link;\n",
    ],
    [
      'browser-imports-zod-schemas',
      'remotes/lobby/src/bad.ts',
      "import { Balance } from '../../../shared/contracts/src/wallet.ts';\nexport default Balance;\n",
    ],
    [
      'api-module-internals',
      'api/src/modules/casino/bad.ts',
      "import { findWallet } from '../wallet/wallet.repository.js';\nexport default findWallet;\n",
    ],
    [
      'api-infrastructure-imports-module',
      'api/src/lib/bad.ts',
      "import { balance } from '../modules/wallet/wallet.service.js';\nexport default balance;\n",
    ],
    [
      'browser-imports-zod-schemas',
      'shared/host/src/bad.tsx',
      "import { Balance } from '../../contracts/src/wallet.ts';\nexport default Balance;\n",
    ],
    [
      'test-kit-only-in-tests',
      'remotes/wallet/src/bad.tsx',
      "import { renderRemote } from '../../../shared/host/src/render-remote.tsx';\nexport default renderRemote;\n",
    ],
    [
      'site-imports-api-or-front-end',
      'site/src/bad.ts',
      "import { balance } from '../../api/src/modules/wallet/wallet.service.js';\nexport default balance;\n",
    ],
    [
      'zod-free-contract-files',
      'shared/contracts/src/money.ts',
      "import { Balance } from './wallet.ts';\nexport default Balance;\n",
    ],
  ])('fails on %s', (rule, path, content) => {
    tree({ ...BASE, [path]: content });
    const result = check();
    expect(result.ok).toBe(false);
    expect(result.output).toContain(rule);
  });
});
