import { tokenStore } from '@mchezo/api-client/token-store';
import { IDENTITY_KEY, identityQuery } from '@mchezo/host/queries/identity';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_READS_WAIT_MS, firstReadsSettled, startFirstReads } from './first-reads.ts';
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
  vi.useRealTimers();
  vi.unstubAllGlobals();
  tokenStore.clearTokens();
});

const fetched = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));

describe('the reads the first page waits on', () => {
  it('start with the page code when a signed-in player opens a page that needs them', async () => {
    tokenStore.setAccessToken('token-1');
    const client = createQueryClient();
    startFirstReads(client, '/deposit');
    await vi.waitFor(() => expect(fetched()).toEqual(['/api/v1/identity']));
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1');
    await vi.waitFor(() => expect(client.getQueryData(IDENTITY_KEY)).toEqual(IDENTITY));
    // The page that asks next gets the answer, not a second read.
    await expect(client.fetchQuery(identityQuery)).resolves.toEqual(IDENTITY);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('start for every page that checks the identity first', async () => {
    tokenStore.setAccessToken('token-1');
    for (const path of ['/profile', '/withdraw', '/game/Safari%20Gold']) {
      startFirstReads(createQueryClient(), path);
    }
    await vi.waitFor(() => expect(fetched().filter((url) => url === '/api/v1/identity')).toHaveLength(3));
  });

  it('do not start without a session, nor on pages that do not wait on them', async () => {
    startFirstReads(createQueryClient(), '/profile');
    await firstReadsSettled();
    tokenStore.setAccessToken('token-1');
    for (const path of ['/', '/login', '/transactions', '/terms']) {
      startFirstReads(createQueryClient(), path);
      await firstReadsSettled();
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('the first page waits for its reads', () => {
  /** A fetch each call of which answers when the test says so. */
  function heldFetch() {
    const answers: ((body: unknown) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) =>
            answers.push((body) =>
              resolve(
                new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
              ),
            ),
          ),
      ),
    );
    return answers;
  }
  const settledYet = (promise: Promise<void>) => {
    let settled = false;
    void promise.then(() => {
      settled = true;
    });
    return async () => {
      await new Promise((r) => setTimeout(r, 0));
      return settled;
    };
  };

  it('until each of them has answered: the identity and the balance on /profile', async () => {
    const answers = heldFetch();
    tokenStore.setAccessToken('token-1');
    startFirstReads(createQueryClient(), '/profile');
    await vi.waitFor(() => expect(fetched()).toEqual(['/api/v1/identity', '/api/v1/wallet/balance']));
    const settled = settledYet(firstReadsSettled());
    answers[0]?.(IDENTITY);
    expect(await settled()).toBe(false);
    answers[1]?.({ balances: [] });
    expect(await settled()).toBe(true);
  });

  it(`at most ${FIRST_READS_WAIT_MS} ms when the API does not answer`, async () => {
    vi.useFakeTimers();
    heldFetch();
    tokenStore.setAccessToken('token-1');
    startFirstReads(createQueryClient(), '/deposit');
    let settled = false;
    void firstReadsSettled().then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(FIRST_READS_WAIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });

  it('not at all when the page has none, or there is no session', async () => {
    heldFetch();
    tokenStore.setAccessToken('token-1');
    startFirstReads(createQueryClient(), '/profile');
    startFirstReads(createQueryClient(), '/transactions');
    await expect(firstReadsSettled()).resolves.toBeUndefined();
    tokenStore.clearTokens();
    startFirstReads(createQueryClient(), '/profile');
    await expect(firstReadsSettled()).resolves.toBeUndefined();
  });
});
