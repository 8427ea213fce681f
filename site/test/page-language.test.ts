import { describe, expect, it } from 'vitest';
import { pageLanguages } from '../src/page-language.js';

describe('pageLanguages', () => {
  it("puts the shell's cookie first, then Accept-Language by weight, then English", () => {
    expect(pageLanguages('theme=dark; lang=sw', 'fr-FR,fr;q=0.9,en;q=0.8')).toEqual(['sw', 'fr', 'en']);
    expect(pageLanguages(undefined, 'en;q=0.5, es-419, sw;q=0.7')).toEqual(['es', 'sw', 'en']);
    expect(pageLanguages(undefined, undefined)).toEqual(['en']);
  });

  it('keeps only two-letter codes: a cookie or header never names another file', () => {
    expect(pageLanguages('lang=../en', '*, x-klingon, de;q=0, ../../etc')).toEqual(['en']);
    expect(pageLanguages('lang=SW', 'ES')).toEqual(['sw', 'es', 'en']);
  });
});
