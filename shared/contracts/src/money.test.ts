import { describe, expect, it } from 'vitest';
import { fromCents, parseAmountCents, sumCents, toCents } from './money.ts';

describe('amounts typed by a person', () => {
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
});

describe('API amounts and cents', () => {
  it('adds API amounts in cents, not floats', () => {
    expect(sumCents([0.1, 0.2])).toBe(30);
    expect(fromCents(sumCents([100.1, 50.2, 0.07]))).toBe(150.37);
  });

  it('converts both ways without drift', () => {
    expect(toCents(0.29)).toBe(29);
    expect(toCents(1234.56)).toBe(123_456);
    expect(fromCents(123_456)).toBe(1234.56);
    expect(sumCents([])).toBe(0);
  });
});
