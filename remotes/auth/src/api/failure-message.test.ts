import { ApiError } from '@mchezo/api-client/errors';
import { describe, expect, it } from 'vitest';
import { failureMessage, isLockout } from './failure-message.ts';

const fallbacks = {
  answered: 'Login failed. Please check your credentials.',
  unanswered: 'Something went wrong.',
};

describe('failureMessage', () => {
  it("prefers the server's message", () => {
    const error = new ApiError('Invalid phone number or password', 401, {
      error: 'Invalid phone number or password',
    });
    expect(failureMessage(error, fallbacks)).toBe('Invalid phone number or password');
  });

  it("uses the call's fallback when the server answered without a message", () => {
    expect(failureMessage(new ApiError('Request failed with status 502', 502, null), fallbacks)).toBe(
      fallbacks.answered,
    );
  });

  it('uses the generic text when no answer came', () => {
    expect(failureMessage(new TypeError('Failed to fetch'), fallbacks)).toBe(fallbacks.unanswered);
  });
});

describe('isLockout', () => {
  it('is a 401 that says locked_out, and nothing else', () => {
    expect(isLockout(new ApiError('Account suspended', 401, { error: 'x', locked_out: true }))).toBe(true);
    expect(isLockout(new ApiError('Invalid phone number or password', 401, { error: 'x' }))).toBe(false);
    expect(isLockout(new ApiError('Locked', 403, { locked_out: true }))).toBe(false);
    expect(isLockout(new ApiError('Request failed with status 401', 401, null))).toBe(false);
    expect(isLockout(new TypeError('Failed to fetch'))).toBe(false);
  });
});
