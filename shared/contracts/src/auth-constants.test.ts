import { describe, expect, it } from 'vitest';
import { formatPhoneForDisplay, normalizePhone, toE164, whatsappLink } from './auth-constants.ts';

describe('toE164', () => {
  it.each([
    ['712345678', '+254', '+254712345678'],
    ['0712345678', '+254', '+254712345678'],
    ['00712 345 678', '+254', '+254712345678'],
    ['712 345 678', '+256', '+256712345678'],
    ['712345678', '255', '+255712345678'],
    ['0788123456', '+250', '+250788123456'],
  ])('prefixes the chosen country code to %s (%s)', (input, code, expected) => {
    expect(toE164(input, code)).toBe(expected);
  });

  it('keeps a number typed with its plus, whatever country is chosen', () => {
    expect(toE164('+256 712 345 678', '+254')).toBe('+256712345678');
    expect(toE164('+254-712-345-678')).toBe('+254712345678');
  });

  it('drops a stray plus inside the number', () => {
    expect(toE164('7123+45678')).toBe('+254712345678');
    expect(toE164('+2547+12345678')).toBe('+254712345678');
  });

  it('uses Kenya when no country is given', () => {
    expect(toE164('712345678')).toBe('+254712345678');
  });

  it('does not check the result: that is normalizePhone', () => {
    expect(toE164('12345')).toBe('+25412345');
    expect(normalizePhone('12345')).toBeNull();
  });
});

describe('normalizePhone', () => {
  it.each([
    ['712345678', '+254', '+254712345678'],
    ['0712345678', '+256', '+256712345678'],
    ['+255 712 345 678', '+254', '+255712345678'],
    ['(0)712-345-678', '+250', '+250712345678'],
    ['0712345678', '254', '+254712345678'],
  ])('accepts %s (%s) as %s', (input, code, expected) => {
    expect(normalizePhone(input, code)).toBe(expected);
  });

  it.each([
    ['12345', '+254'],
    ['+44 7911 123456', '+254'],
    ['0012345678', '+254'],
  ])('refuses %s (%s): not a phone of a supported country', (input, code) => {
    expect(normalizePhone(input, code)).toBeNull();
  });
});

describe('support phone display', () => {
  it('groups a 9-digit national number after its country code, and links WhatsApp by digits', () => {
    expect(formatPhoneForDisplay('+254700000000')).toBe('+254 700 000 000');
    expect(formatPhoneForDisplay('+256712345678')).toBe('+256 712 345 678');
    expect(formatPhoneForDisplay('+12025550123')).toBe('+12025550123');
    expect(whatsappLink('+254 700 000 000')).toBe('https://wa.me/254700000000');
  });
});
