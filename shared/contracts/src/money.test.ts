import { describe, expect, it } from 'vitest';
import { centsToDecimal, fromCents, parseAmountCents, sumCents, toCents } from './money.ts';

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

describe('cents written for files others read', () => {
  it('writes two decimals from the integer, signs and zeros included', () => {
    expect(centsToDecimal(100_000_055)).toBe('1000000.55');
    expect(centsToDecimal(-12_345)).toBe('-123.45');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(0)).toBe('0.00');
    // 0.1 + 0.2 in floats would print 0.30000000000000004: the integer never meets a float.
    expect(centsToDecimal(10 + 20)).toBe('0.30');
  });
});
