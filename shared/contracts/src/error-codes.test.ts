import { describe, expect, it } from 'vitest';
import { ERROR_CODE_AREAS, ERROR_CODES } from './error-codes.ts';

describe('error codes', () => {
  it('declares each code in one area only, with one status', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [area, codes] of Object.entries(ERROR_CODE_AREAS))
      for (const code of Object.keys(codes)) {
        const first = seen.get(code);
        if (first) twice.push(`${code} (${first}, ${area})`);
        seen.set(code, area);
      }
    expect(twice).toEqual([]);
  });

  it('ERROR_CODES holds every area code with its status', () => {
    const all = Object.assign({}, ...Object.values(ERROR_CODE_AREAS));
    expect(ERROR_CODES).toEqual(all);
    for (const status of Object.values(ERROR_CODES)) expect(status >= 400 && status < 600).toBe(true);
  });
});
