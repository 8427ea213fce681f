import { IDENTITY_KEY, identityQuery } from '@mchezo/host/queries/identity';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFirstReads } from './first-reads.ts';
import { createQueryClient } from './query-client.ts';

const IDENTITY = { status: 'confirmed' };

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(IDENTITY), { headers: { 'content-type': 'application/json' } }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const fetched = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));

describe('the reads the first page waits on', () => {
  it('start with the page code when a signed-in player opens a page that needs them', async () => {
    localStorage.setItem('access_token', 'token-1');
    const client = createQueryClient();
    startFirstReads(client, '/profile');
    expect(fetched()).toEqual(['/api/v1/identity']);
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1');
    await vi.waitFor(() => expect(client.getQueryData(IDENTITY_KEY)).toEqual(IDENTITY));
    // The page that asks next gets the answer, not a second read.
    await expect(client.fetchQuery(identityQuery)).resolves.toEqual(IDENTITY);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('start for every page that checks the identity first', () => {
    localStorage.setItem('access_token', 'token-1');
    for (const path of ['/deposit', '/withdraw', '/game/Safari%20Gold']) {
      startFirstReads(createQueryClient(), path);
    }
    expect(fetched()).toEqual(['/api/v1/identity', '/api/v1/identity', '/api/v1/identity']);
  });

  it('do not start without a session, nor on pages that do not wait on them', () => {
    startFirstReads(createQueryClient(), '/profile');
    localStorage.setItem('access_token', 'token-1');
    for (const path of ['/', '/login', '/transactions', '/terms']) startFirstReads(createQueryClient(), path);
    expect(fetch).not.toHaveBeenCalled();
  });
});
