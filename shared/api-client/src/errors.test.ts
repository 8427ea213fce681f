import { describe, expect, it } from 'vitest';
import { ApiError, refusalMessage, restrictionOf } from './errors.ts';

describe('refusalMessage', () => {
  it("is the server's words for a 4xx, and nothing for a 5xx, a wordless body or another error", () => {
    expect(refusalMessage(new ApiError('x', 422, { error: 'Too much', code: 'ABOVE_MAXIMUM' }))).toBe(
      'Too much',
    );
    expect(refusalMessage(new ApiError('x', 503, { error: 'Down' }))).toBeNull();
    expect(refusalMessage(new ApiError('x', 400, {}))).toBeNull();
    expect(refusalMessage(new Error('network'))).toBeNull();
  });
});

describe('restrictionOf', () => {
  it('reads a time-out or self-exclusion with its end, and nothing else', () => {
    const until = '2027-05-24T09:00:00.000Z';
    expect(
      restrictionOf(new ApiError('x', 403, { code: 'SELF_EXCLUDED', until, error: 'Excluded' })),
    ).toEqual({
      code: 'SELF_EXCLUDED',
      until: new Date(until),
      message: 'Excluded',
    });
    expect(
      restrictionOf(new ApiError('x', 403, { code: 'TIMED_OUT', until: 'soon', error: 'Break' })),
    ).toEqual({
      code: 'TIMED_OUT',
      until: null,
      message: 'Break',
    });
    expect(restrictionOf(new ApiError('x', 403, { code: 'IDENTITY_REQUIRED' }))).toBeNull();
    expect(restrictionOf(new Error('x'))).toBeNull();
  });
});
