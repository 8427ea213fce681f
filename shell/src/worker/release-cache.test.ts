import type { ReleaseManifest } from '@mchezo/contracts/releases';
import { describe, expect, it } from 'vitest';
import {
  manifestInPage,
  mayCache,
  requestKind,
  servedVersions,
  urlsToDrop,
  versionOfPath,
} from './release-cache.ts';

const entry = (remote: string, version: string) => `/remotes/${remote}/${version}/mf-manifest.json`;
const release = (remote: string, version: string, enabled = true) => ({
  version,
  entry: entry(remote, version),
  enabled,
});

const manifest: ReleaseManifest = {
  revision: 7,
  remotes: {
    lobby: release('lobby', '1.0.0-aa'),
    wallet: {
      ...release('wallet', '1.1.0-bb'),
      canary: { version: '1.2.0-cc', entry: entry('wallet', '1.2.0-cc'), percent: 10 },
    },
    profile: release('profile', '1.0.0-dd', false),
  },
};

describe('which versions a manifest serves', () => {
  it("is every switched-on remote's active version and its canary; a switched-off remote serves none", () => {
    expect(servedVersions(manifest).sort()).toEqual(['lobby/1.0.0-aa', 'wallet/1.1.0-bb', 'wallet/1.2.0-cc']);
  });

  it('reads the remote and version of a version-folder file, and nothing else', () => {
    expect(versionOfPath('/remotes/wallet/1.1.0-bb/static/js/async/deposit.js')).toBe('wallet/1.1.0-bb');
    expect(versionOfPath('/remotes/wallet/1.1.0-bb/')).toBeNull();
    expect(versionOfPath('/remotes/wallet')).toBeNull();
    expect(versionOfPath('/static/js/index.abc.js')).toBeNull();
  });
});

describe('what the cache may keep and answer', () => {
  const served = new Set(servedVersions(manifest));

  it("keeps the served versions' files, never their mf-manifest.json", () => {
    expect(mayCache('/remotes/lobby/1.0.0-aa/static/js/lobby.js', served)).toBe(true);
    expect(mayCache('/remotes/wallet/1.2.0-cc/static/css/deposit.css', served)).toBe(true);
    expect(mayCache('/remotes/lobby/1.0.0-aa/mf-manifest.json', served)).toBe(false);
  });

  it('refuses a version the manifest no longer serves: rolled back, switched off, canary ended, unknown', () => {
    expect(mayCache('/remotes/wallet/1.0.0-old/static/js/wallet.js', served)).toBe(false);
    expect(mayCache('/remotes/profile/1.0.0-dd/static/js/profile.js', served)).toBe(false);
    const canaryEnded = new Set(
      servedVersions({ ...manifest, remotes: { wallet: release('wallet', '1.1.0-bb') } }),
    );
    expect(mayCache('/remotes/wallet/1.2.0-cc/static/js/wallet.js', canaryEnded)).toBe(false);
    expect(mayCache('/remotes/lobby/1.0.0-aa/static/js/lobby.js', new Set())).toBe(false);
  });

  it('drops, for a fresh manifest, exactly the files of versions it does not serve', () => {
    const origin = 'https://mchezo.example';
    const cached = [
      '/remotes/lobby/1.0.0-aa/static/js/lobby.js',
      '/remotes/wallet/1.1.0-bb/static/js/wallet.js',
      '/remotes/wallet/1.2.0-cc/static/js/wallet.js',
      '/remotes/profile/1.0.0-dd/static/js/profile.js',
    ].map((path) => origin + path);
    // The release manager rolls wallet back to 1.0.0-old and ends its canary; profile stays off.
    const rolledBack: ReleaseManifest = {
      revision: 8,
      remotes: { ...manifest.remotes, wallet: release('wallet', '1.0.0-old') },
    };
    expect(urlsToDrop(cached, new Set(servedVersions(rolledBack)))).toEqual(cached.slice(1));
    expect(urlsToDrop(cached, served)).toEqual([cached[3]]);
  });
});

describe('the manifest a page carries', () => {
  const page = (boot: unknown) =>
    `<html><head><script type="application/json" id="mchezo-boot">${JSON.stringify(boot)}</script></head></html>`;

  it("is read from the page's boot data", () => {
    expect(manifestInPage(page({ config: {}, release: manifest }))).toEqual(manifest);
  });

  it('is none when the page has no boot data, no release in it, or an unreadable one', () => {
    expect(manifestInPage('<html><body>offline</body></html>')).toBeNull();
    expect(manifestInPage(page({ config: {} }))).toBeNull();
    expect(manifestInPage(page({ release: { revision: 'x' } }))).toBeNull();
    expect(manifestInPage('<script type="application/json" id="mchezo-boot">{nope</script>')).toBeNull();
  });
});

describe('how the worker treats a request', () => {
  const origin = 'https://mchezo.example';
  const precached = new Set(['/static/js/index.abc.js', '/offline.html']);
  const kind = (path: string, init: { method?: string; mode?: string; origin?: string } = {}) =>
    requestKind(
      { url: (init.origin ?? origin) + path, method: init.method ?? 'GET', mode: init.mode ?? 'cors' },
      origin,
      precached,
    );

  it('sorts pages, shell files, remote files and the live manifest', () => {
    expect(kind('/deposit', { mode: 'navigate' })).toBe('page');
    expect(kind('/static/js/index.abc.js', { mode: 'no-cors' })).toBe('shell-file');
    expect(kind('/static/js/async/legal.def.js')).toBe('shell-file');
    expect(kind('/offline.html')).toBe('shell-file');
    expect(kind('/remotes/lobby/1.0.0-aa/static/js/lobby.js')).toBe('remote-file');
    expect(kind('/api/v1/releases/manifest')).toBe('manifest');
  });

  it('leaves the API, a tester override, other methods, other origins and unhashed files alone', () => {
    expect(kind('/api/v1/wallet/balance')).toBe('other');
    expect(kind('/api/v1/games/demo/play', { mode: 'navigate' })).toBe('other');
    expect(kind('/api/v1/releases/manifest?override=abc')).toBe('other');
    expect(kind('/remotes/lobby/1.0.0-aa/static/js/lobby.js', { method: 'POST' })).toBe('other');
    expect(kind('/remotes/lobby/1.0.0-aa/static/js/lobby.js', { origin: 'https://cdn.example' })).toBe(
      'other',
    );
    expect(kind('/manifest.webmanifest')).toBe('other');
    expect(kind('/icons/icon-192.png')).toBe('other');
  });
});
