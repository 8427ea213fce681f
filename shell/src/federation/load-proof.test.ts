import { startsWithZeroBits } from '@mchezo/contracts/load-proof';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The requests the page sent: url and body. */
let sent: { url: string; body?: string }[] = [];

beforeEach(() => {
  sent = [];
  vi.resetModules();
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: init?.body as string | undefined });
      return url.endsWith('/challenge')
        ? new Response(JSON.stringify({ challenge: 'tk1', bits: 8 }), {
            headers: { 'content-type': 'application/json' },
          })
        : new Response(null, { status: 204 });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const sha256 = async (text: string) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));

describe('the proof of a page load', () => {
  it('tries again later when the page had no ticket yet', async () => {
    let ticket = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        sent.push({ url, body: init?.body as string | undefined });
        const challenge = ticket ? 'c1' : null;
        return url.endsWith('/challenge')
          ? new Response(JSON.stringify({ challenge, bits: 4 }), {
              headers: { 'content-type': 'application/json' },
            })
          : new Response(null, { status: 204 });
      }),
    );
    const { proveLoad } = await import('./load-proof.ts');
    proveLoad();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await vi.runAllTimersAsync();
    ticket = true;
    proveLoad();
    await vi.waitFor(() =>
      expect(sent.map((s) => s.url.split('/').pop())).toEqual(['challenge', 'challenge', 'proof']),
    );
  });

  it('finds a nonce whose hash starts with the zero bits asked for', async () => {
    const { findNonce } = await import('./load-proof.ts');
    const nonce = await findNonce('tk1', 8);
    expect(startsWithZeroBits(await sha256(`tk1:${nonce}`), 8)).toBe(true);
  });

  it('asks for its challenge, sends the nonce, and does so once a page view', async () => {
    const { proveLoad } = await import('./load-proof.ts');
    proveLoad();
    proveLoad();
    await vi.runAllTimersAsync();
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    proveLoad();
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(2);
    expect(sent[0]?.url).toBe('/api/v1/releases/health/challenge');
    expect(sent[1]?.url).toBe('/api/v1/releases/health/proof');
    const { nonce } = JSON.parse(sent[1]?.body ?? '{}') as { nonce: string };
    expect(startsWithZeroBits(await sha256(`tk1:${nonce}`), 8)).toBe(true);
  });
});
