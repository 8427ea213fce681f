import { ApiError } from '@mchezo/api-client/errors';
import { describe, expect, it } from 'vitest';
import { failureMessage } from './failure-message.ts';

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
