import { describe, expect, it } from 'vitest';
import { SAFER_GAMBLING_KEY, saferGamblingQuery } from './safer-gambling.tsx';

describe('saferGamblingQuery', () => {
  it('is the one cache entry under the safer-gambling key', () => {
    expect(saferGamblingQuery.queryKey).toBe(SAFER_GAMBLING_KEY);
    expect(saferGamblingQuery.queryKey).toEqual(['safer-gambling']);
  });
});
