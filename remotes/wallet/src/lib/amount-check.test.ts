import { describe, expect, it } from 'vitest';
import { amountProblem } from './amount-check.ts';

const deposit = { max: 150_000 };
const withdraw = { min: 100, max: 150_000, availableCents: 50_000 };

describe('amountProblem', () => {
  it('says what is wrong with a typed amount, first problem first', () => {
    expect(amountProblem('', deposit)).toBeNull();
    expect(amountProblem('500', deposit)).toBeNull();
    expect(amountProblem(' 150000 ', deposit)).toBeNull();
    expect(amountProblem('-5', deposit)).toBe('positive');
    expect(amountProblem('0', deposit)).toBe('positive');
    expect(amountProblem('0.00', deposit)).toBe('positive');
    expect(amountProblem('1.5', deposit)).toBe('whole');
    expect(amountProblem('12,05', deposit)).toBe('whole');
    expect(amountProblem('99,999,999', deposit)).toBe('format');
    expect(amountProblem('1e3', deposit)).toBe('format');
    expect(amountProblem('150001', deposit)).toBe('max');
    expect(amountProblem('99999999', deposit)).toBe('max');
  });

  it('checks the minimum and the balance when given', () => {
    expect(amountProblem('99', withdraw)).toBe('min');
    expect(amountProblem('100', withdraw)).toBeNull();
    expect(amountProblem('501', withdraw)).toBe('balance');
    expect(amountProblem('501', { ...withdraw, availableCents: null })).toBeNull();
  });
});
