import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors.ts';
import { createHttp } from './http.ts';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | Error;

/** A fetch stub answering each call in turn (the last answer repeats); records every call. */
function serve(...answers: Answer[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      const answer = answers[Math.min(calls.length, answers.length) - 1] as Answer;
      if (answer instanceof Error) throw answer;
      const text = answer.body === undefined ? null : JSON.stringify(answer.body);
      return new Response(answer.status === 204 ? null : text, {
        status: answer.status,
        headers: answer.headers,
      });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the HTTP core', () => {
  it('sends JSON to the base URL with the source token and parses the answer', async () => {
    const calls = serve({ status: 200, body: { ok: 1 } });
    const http = createHttp({ baseUrl: 'http://api.test/api/v1', tokens: { token: () => 'stf_1' } });
    await expect(http.request('POST', '/x', { body: { a: 1 } })).resolves.toEqual({ ok: 1 });
    expect(calls[0]?.url).toBe('http://api.test/api/v1/x');
    expect(calls[0]?.init).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: 'Bearer stf_1',
      },
    });
  });

  it('sends the token a call names instead of the source, none for null', async () => {
    const calls = serve({ status: 204 });
    const http = createHttp({ baseUrl: '', tokens: { token: () => 'own' } });
    await expect(http.request('GET', '/a', { token: 'other' })).resolves.toBeNull();
    await http.request('GET', '/b', { token: null });
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer other');
    expect((calls[1]!.init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('throws one ApiError with the server { error, code } for any failed answer', async () => {
    serve({ status: 422, body: { error: 'Insufficient funds', code: 'INSUFFICIENT_FUNDS' } });
    const http = createHttp({ baseUrl: '' });
    const error = await http.request('POST', '/pay', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Insufficient funds',
      status: 422,
      body: { error: 'Insufficient funds', code: 'INSUFFICIENT_FUNDS' },
    });
  });

  it('repeats an idempotent call answered 503 with a short Retry-After, once', async () => {
    const busy = { status: 503, body: { error: 'busy' }, headers: { 'Retry-After': '0' } };
    const calls = serve(busy, { status: 200, body: { fine: true } });
    const http = createHttp({ baseUrl: '' });
    await expect(http.request('GET', '/r')).resolves.toEqual({ fine: true });
    expect(calls).toHaveLength(2);

    const again = serve(busy);
    await expect(http.request('PUT', '/r', { body: {} })).rejects.toMatchObject({ status: 503 });
    expect(again).toHaveLength(2);
  });

  it('never repeats a POST, a 503 without Retry-After, or one asking to wait too long', async () => {
    const http = createHttp({ baseUrl: '' });
    const post = serve({ status: 503, headers: { 'Retry-After': '0' } });
    await expect(http.request('POST', '/p', { body: {} })).rejects.toMatchObject({ status: 503 });
    expect(post).toHaveLength(1);
    const bare = serve({ status: 503 });
    await expect(http.request('GET', '/p')).rejects.toMatchObject({ status: 503 });
    expect(bare).toHaveLength(1);
    const long = serve({ status: 503, headers: { 'Retry-After': '6' } });
    await expect(http.request('GET', '/p')).rejects.toMatchObject({ status: 503 });
    expect(long).toHaveLength(1);
  });

  it('repeats an idempotent call that got no answer, never a POST; retry: false never', async () => {
    const http = createHttp({ baseUrl: '' });
    const get = serve(new TypeError('fetch failed'), { status: 200, body: [] });
    await expect(http.request('GET', '/g')).resolves.toEqual([]);
    expect(get).toHaveLength(2);
    const post = serve(new TypeError('fetch failed'), { status: 200, body: [] });
    await expect(http.request('POST', '/g', { body: {} })).rejects.toBeInstanceOf(TypeError);
    expect(post).toHaveLength(1);
    const off = serve(new TypeError('fetch failed'), { status: 200, body: [] });
    await expect(createHttp({ baseUrl: '', retry: false }).request('GET', '/g')).rejects.toThrow(
      'fetch failed',
    );
    expect(off).toHaveLength(1);
  });

  it('hands a 401 to the token source, which may have the call sent once more', async () => {
    let token = 'old';
    const seen: unknown[] = [];
    const http = createHttp({
      baseUrl: '',
      tokens: {
        token: () => token,
        unauthorized: (body, call) => {
          seen.push({ body, ...call });
          token = 'new';
          return !call.repeated;
        },
      },
    });
    const calls = serve({ status: 401, body: { error: 'expired' } }, { status: 200, body: { again: true } });
    await expect(http.request('GET', '/me')).resolves.toEqual({ again: true });
    expect((calls[1]!.init.headers as Record<string, string>).Authorization).toBe('Bearer new');
    expect(seen).toEqual([{ body: { error: 'expired' }, sent: 'old', own: true, repeated: false }]);

    serve({ status: 401, body: { error: 'no' } });
    await expect(http.request('GET', '/me', { token: 'x' })).rejects.toMatchObject({ status: 401 });
    expect(seen.slice(1)).toEqual([
      { body: { error: 'no' }, sent: 'x', own: false, repeated: false },
      { body: { error: 'no' }, sent: 'x', own: false, repeated: true },
    ]);
  });
});
