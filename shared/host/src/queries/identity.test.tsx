import { ApiError } from '@mchezo/api-client/errors';
import { describe, expect, it } from 'vitest';
import { IDENTITY_KEY, identityQuery, identityRequired, isIdentityRequiredError } from './identity.tsx';

describe('identityQuery', () => {
  it('is the one cache entry under the identity key', () => {
    expect(identityQuery.queryKey).toBe(IDENTITY_KEY);
    expect(identityQuery.queryKey).toEqual(['identity']);
  });
});

describe('identityRequired', () => {
  it('is true for none, pending and rejected; false for confirmed or unknown', () => {
    expect(identityRequired({ status: 'none' })).toBe(true);
    expect(identityRequired({ status: 'pending' })).toBe(true);
    expect(identityRequired({ status: 'rejected', reason: 'NOT_FOUND' })).toBe(true);
    expect(identityRequired({ status: 'confirmed' })).toBe(false);
    expect(identityRequired(undefined)).toBe(false);
  });
});

describe('isIdentityRequiredError', () => {
  it("recognises the API's 403 IDENTITY_REQUIRED and nothing else", () => {
    const body = { error: 'Confirm your identity', code: 'IDENTITY_REQUIRED' };
    expect(isIdentityRequiredError(new ApiError('x', 403, body))).toBe(true);
    expect(isIdentityRequiredError(new ApiError('x', 403, { error: 'no', code: 'FORBIDDEN' }))).toBe(false);
    expect(isIdentityRequiredError(new ApiError('x', 422, body))).toBe(false);
    expect(isIdentityRequiredError(new Error('offline'))).toBe(false);
    expect(isIdentityRequiredError(null)).toBe(false);
  });
});
