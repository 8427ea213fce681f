import * as contract from '@mchezo/contracts/auth';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PHONE_CODE, PHONE_COUNTRIES } from './countries.ts';
import { normalizePhone, sanitizePhoneInput } from './normalize-phone.ts';

describe('sanitizePhoneInput', () => {
  it('keeps only digits, spaces and plus', () => {
    expect(sanitizePhoneInput('+254 (712)-345.678abc')).toBe('+254 712345678');
    expect(sanitizePhoneInput('0712 345 678')).toBe('0712 345 678');
  });
});

describe('normalizePhone', () => {
  it.each([
    ['712345678', '+254', '+254712345678'],
    ['0712345678', '+254', '+254712345678'],
    ['00712 345 678', '+254', '+254712345678'],
    ['712 345 678', '+256', '+256712345678'],
    ['712345678', '255', '+255712345678'],
    ['0788123456', '+250', '+250788123456'],
  ])('prefixes the chosen country code to %s (%s)', (input, code, expected) => {
    expect(normalizePhone(input, code)).toBe(expected);
  });

  it('keeps a number typed with its plus, whatever country is chosen', () => {
    expect(normalizePhone('+256 712 345 678', '+254')).toBe('+256712345678');
    expect(normalizePhone('+254-712-345-678')).toBe('+254712345678');
  });

  it('drops a stray plus inside the number', () => {
    expect(normalizePhone('7123+45678')).toBe('+254712345678');
    expect(normalizePhone('+2547+12345678')).toBe('+254712345678');
  });

  it('uses Kenya when no country is given', () => {
    expect(normalizePhone('712345678')).toBe('+254712345678');
  });
});

// The browser copy must not drift from the contract the server normalises with.
describe('agreement with @mchezo/contracts/auth', () => {
  it('lists the same countries and default', () => {
    expect(PHONE_COUNTRIES.map((c) => [c.code, c.phoneCode])).toEqual(
      contract.PHONE_COUNTRIES.map((c) => [c.code, c.phone_code]),
    );
    expect(DEFAULT_PHONE_CODE).toBe(contract.DEFAULT_PHONE_CODE);
  });

  it.each([
    ['712345678', '+254'],
    ['0712345678', '+256'],
    ['+255 712 345 678', '+254'],
    ['(0)712-345-678', '+250'],
    ['12345', '+254'],
    ['+44 7911 123456', '+254'],
    ['0712345678', '254'],
  ])('normalises %s (%s) as the server does', (input, code) => {
    // The contract also refuses what is not a phone (null); the server answers 400 for those.
    const theirs = contract.normalizePhone(input, code);
    if (theirs !== null) expect(normalizePhone(input, code)).toBe(theirs);
    else expect(contract.normalizePhone(normalizePhone(input, code))).toBeNull();
  });
});
