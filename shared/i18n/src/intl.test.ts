import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl.ts';

describe('cached Intl formatters', () => {
  it('hands back one formatter per locale and options', () => {
    const a = numberFormat('en', { maximumFractionDigits: 0 });
    expect(numberFormat('en', { maximumFractionDigits: 0 })).toBe(a);
    expect(numberFormat('sw', { maximumFractionDigits: 0 })).not.toBe(a);
    expect(numberFormat('en', { maximumFractionDigits: 2 })).not.toBe(a);
    expect(a.format(1234.5)).toBe('1,235');
  });

  it('formats dates with the options it was asked for', () => {
    const month = dateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(dateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' })).toBe(month);
    expect(month.format(new Date('2026-01-15T00:00:00Z'))).toBe('January 2026');
  });
});
