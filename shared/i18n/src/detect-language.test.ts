import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, keepLanguageCookie, rememberLanguage } from './detect-language.ts';

afterEach(() => {
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: clears the cookie the code under test writes.
  document.cookie = 'lang=; path=/; max-age=0';
  vi.unstubAllGlobals();
  document.documentElement.lang = '';
});

function browser(languages: string[]) {
  vi.stubGlobal('navigator', { languages, language: languages[0] });
}

describe('detectLanguage', () => {
  it('prefers the stored choice', () => {
    browser(['fr-FR']);
    localStorage.setItem('language', 'sw');
    expect(detectLanguage()).toBe('sw');
  });

  it('then the first supported browser language, by its base', () => {
    browser(['de-DE', 'es-MX', 'fr']);
    expect(detectLanguage()).toBe('es');
  });

  it("then the page's lang attribute", () => {
    browser(['de-DE']);
    document.documentElement.lang = 'fr';
    expect(detectLanguage()).toBe('fr');
  });

  it('falls back to English and ignores a bad stored value', () => {
    browser(['zh-CN']);
    localStorage.setItem('language', 'klingon');
    expect(detectLanguage()).toBe('en');
  });
});

describe('rememberLanguage', () => {
  it('stores a supported choice, for the site too, and sets the page language', () => {
    rememberLanguage('sw');
    expect(localStorage.getItem('language')).toBe('sw');
    expect(document.cookie).toBe('lang=sw');
    expect(document.documentElement.lang).toBe('sw');
  });

  it('ignores an unsupported one', () => {
    rememberLanguage('de');
    expect(localStorage.getItem('language')).toBeNull();
    expect(document.cookie).not.toContain('lang=de');
  });
});

describe('keepLanguageCookie', () => {
  it('writes the language cookie only when it changes', () => {
    keepLanguageCookie('fr');
    expect(document.cookie).toBe('lang=fr');
    const set = vi.spyOn(document, 'cookie', 'set');
    keepLanguageCookie('fr');
    expect(set).not.toHaveBeenCalled();
    keepLanguageCookie('es');
    expect(set).toHaveBeenCalledOnce();
    expect(document.cookie).toBe('lang=es');
  });
});
