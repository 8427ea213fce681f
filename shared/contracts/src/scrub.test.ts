import { describe, expect, it } from 'vitest';
import { REDACTED, scrub, scrubString } from './scrub.ts';

describe('scrub', () => {
  it('redacts secret-named keys at any depth and keeps the rest', () => {
    const event = {
      user: { id: 'u1', phone: '+254712345678' },
      request: {
        headers: { Authorization: 'Bearer abc.def.ghi', Accept: 'application/json', Cookie: 'sid=1' },
        data: { phone: '+254712345678', password: 'hunter22', code: '987650', new_password: 'x' },
      },
      extra: { refresh_token: 'r1', nested: [{ access_token: 'a1', statusCode: 401 }] },
      contexts: { response: { status_code: 500 } },
    };
    const clean = scrub(event);
    expect(clean.user).toEqual({ id: 'u1', phone: '+254712345678' });
    expect(clean.request.headers).toEqual({
      Authorization: REDACTED,
      Accept: 'application/json',
      Cookie: REDACTED,
    });
    expect(clean.request.data).toEqual({
      phone: '+254712345678',
      password: REDACTED,
      code: REDACTED,
      new_password: REDACTED,
    });
    expect(clean.extra).toEqual({
      refresh_token: REDACTED,
      nested: [{ access_token: REDACTED, statusCode: 401 }],
    });
    expect(clean.contexts.response.status_code).toBe(500);
    expect(JSON.stringify(clean)).not.toMatch(/hunter22|987650|abc\.def|r1"|a1"/);
  });

  it('cleans bearer tokens, JWTs and secret query parameters out of strings', () => {
    const jwt =
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    expect(scrubString(`failed with Bearer ${jwt}`)).toBe(`failed with Bearer ${REDACTED}`);
    expect(scrubString(`token was ${jwt} here`)).toBe(`token was ${REDACTED} here`);
    expect(scrubString('/api/v1/games/demo/play?launch=abc123&lang=sw')).toBe(
      `/api/v1/games/demo/play?launch=${REDACTED}&lang=sw`,
    );
    expect(scrubString('/reset?code=123456')).toBe(`/reset?code=${REDACTED}`);
    expect(scrubString('/game/Lucky?gameId=g1')).toBe('/game/Lucky?gameId=g1');
  });
});
