import { describe, expect, it } from 'vitest';
import {
  acceptAmountInput,
  formatSigned,
  formatWhole,
  fromCents,
  parseAmountCents,
  sumCents,
} from './money.ts';

describe('amounts typed by the player', () => {
  it('reads whole and decimal amounts as integer cents', () => {
    expect(parseAmountCents('500')).toBe(50_000);
    expect(parseAmountCents('12.5')).toBe(1250);
    expect(parseAmountCents('12,05')).toBe(1205);
    expect(parseAmountCents('1.')).toBe(100);
    expect(parseAmountCents('0.29')).toBe(29);
  });

  it('has no amount for empty, zero or malformed input', () => {
    expect(parseAmountCents('')).toBeNull();
    expect(parseAmountCents('0')).toBeNull();
    expect(parseAmountCents('0.00')).toBeNull();
    expect(parseAmountCents('abc')).toBeNull();
    expect(parseAmountCents('1.234')).toBeNull();
  });

  it('refuses keystrokes that would not be an amount, so "1,000" cannot silently become 1', () => {
    expect(acceptAmountInput('1,00')).toBe('1,00');
    expect(acceptAmountInput('1,000')).toBeNull();
    expect(acceptAmountInput('12a')).toBeNull();
    expect(acceptAmountInput('-5')).toBeNull();
    expect(acceptAmountInput('')).toBe('');
  });

  it('adds API amounts in cents, not floats', () => {
    expect(sumCents([0.1, 0.2])).toBe(30);
    expect(fromCents(sumCents([100.1, 50.2, 0.07]))).toBe(150.37);
  });
});

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
