import { BOOT_ELEMENT_ID } from '@mchezo/contracts/boot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readBootData, takeBootFile } from './boot.ts';

function pageWith(json: string) {
  document.head.innerHTML = `<script type="application/json" id="${BOOT_ELEMENT_ID}">${json}</script>`;
}

afterEach(() => {
  document.head.innerHTML = '';
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('readBootData', () => {
  it('reads what the site server wrote into the page', () => {
    pageWith('{"config":{"default_language":"sw"},"files":{"/a.json":{"x":1}}}');
    expect(readBootData(document)).toEqual({
      config: { default_language: 'sw' },
      files: { '/a.json': { x: 1 } },
    });
  });

  it('counts a missing, broken or foreign element as empty', () => {
    expect(readBootData(document)).toEqual({});
    pageWith('{"config":');
    expect(readBootData(document)).toEqual({});
    pageWith('[1,2]');
    expect(readBootData(document)).toEqual({});
    pageWith('null');
    expect(readBootData(document)).toEqual({});
    expect(readBootData(undefined)).toEqual({});
  });
});

describe('takeBootFile', () => {
  const data = {
    files: { '/remotes/lobby/1/mf-manifest.json': { id: 'lobby' }, '/api/v1/casino/games': { games: [] } },
  };

  it('gives a file once, by path or by absolute URL on this origin', () => {
    expect(takeBootFile(`${location.origin}/remotes/lobby/1/mf-manifest.json`, data)).toEqual({
      id: 'lobby',
    });
    // A second read (a retry) goes to the network.
    expect(takeBootFile('/remotes/lobby/1/mf-manifest.json', data)).toBeUndefined();
    expect(takeBootFile('/api/v1/casino/games', data)).toEqual({ games: [] });
  });

  it('never answers for another origin, a query or a file it does not hold', () => {
    const fresh = { files: { '/x.json': 1, '/y.json': 2 } };
    expect(takeBootFile('https://cdn.example.com/x.json', fresh)).toBeUndefined();
    expect(takeBootFile('/x.json?override=t', fresh)).toBeUndefined();
    expect(takeBootFile('/z.json', fresh)).toBeUndefined();
    expect(takeBootFile('/toString', fresh)).toBeUndefined();
    expect(takeBootFile('/x.json', fresh)).toBe(1);
  });
});

describe('the API client with boot data', () => {
  beforeEach(() => {
    pageWith('{"files":{"/api/v1/casino/games":{"games":[{"game_id":"g1"}]}}}');
  });

  it('answers the first public read of a carried path without a request, then asks the network', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ games: [] }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { api } = await import('./client.ts');
    expect(await api.get('/casino/games', { auth: false })).toEqual({ games: [{ game_id: 'g1' }] });
    expect(fetch).not.toHaveBeenCalled();
    expect(await api.get('/casino/games', { auth: false })).toEqual({ games: [] });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('never answers an authenticated read from the page', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ games: [] }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { api } = await import('./client.ts');
    expect(await api.get('/casino/games')).toEqual({ games: [] });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
