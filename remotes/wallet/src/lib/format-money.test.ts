import { describe, expect, it } from 'vitest';
import { formatSigned, formatWhole } from './format-money.ts';

describe('amounts on screen', () => {
  it('signs money in with plus and money out with minus, currency symbol and two decimals', () => {
    expect(formatSigned(500, 'KES', 'en', true)).toBe('+KSh 500.00');
    expect(formatSigned(1234.5, 'KES', 'en', false)).toBe('-KSh 1,234.50');
    expect(formatSigned(-20, 'USD', 'en', false)).toBe('-$ 20.00');
  });

  it('shows whole preset amounts without decimals', () => {
    expect(formatWhole(5000, 'KES', 'en')).toBe('KSh 5,000');
  });
});
