import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFirstScreen, firstScreenFiles, translateFirstScreen } from './first-screens.ts';

const dir = mkdtempSync(join(tmpdir(), 'first-screen-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('buildFirstScreen', () => {
  it('inlines local images as data URIs and drops comments and the whitespace between tags', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 1"/>';
    writeFileSync(join(dir, 'art.svg'), svg);
    writeFileSync(
      join(dir, 'page.html'),
      `<!-- notes for the team -->
      <div style="padding:1rem">
        <img src="./art.svg" alt="" width="2" height="1">
        <p>keep  this   text</p>
      </div>\n`,
    );
    expect(buildFirstScreen(join(dir, 'page.html'))).toBe(
      `<div style="padding:1rem"><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" alt="" width="2" height="1"><p>keep  this   text</p></div>`,
    );
  });

  it('leaves absolute and data URLs alone, and refuses a local file it cannot inline', () => {
    writeFileSync(join(dir, 'remote.html'), '<img src="/static/a.svg"><img src="data:,">');
    expect(buildFirstScreen(join(dir, 'remote.html'))).toBe('<img src="/static/a.svg"><img src="data:,">');
    writeFileSync(join(dir, 'font.html'), '<img src="./font.woff2">');
    expect(() => buildFirstScreen(join(dir, 'font.html'))).toThrow(/cannot inline \.\/font\.woff2/);
  });
});

describe('first screens with text', () => {
  const locales = {
    en: { login: { title: 'Login', hint: 'For example {{example}}' } },
    sw: { login: { title: 'Ingia <sasa> & "leo"', hint: 'Kwa mfano {{example}}' } },
  };

  it('fills in each language from the locale files, with parameters, HTML-escaped', () => {
    const html = '<h1>{t:login.title}</h1><p title="{t:login.title}">{t:login.hint|example=712 345 678}</p>';
    expect(firstScreenFiles('LoginPage', html, locales)).toEqual({
      'first-screen/LoginPage.en.html': '<h1>Login</h1><p title="Login">For example 712 345 678</p>',
      'first-screen/LoginPage.sw.html':
        '<h1>Ingia &lt;sasa&gt; &amp; &quot;leo&quot;</h1><p title="Ingia &lt;sasa&gt; &amp; &quot;leo&quot;">Kwa mfano 712 345 678</p>',
    });
  });

  it("writes numbers and amounts in each language's digits, as the page formats them", () => {
    const messages = {
      en: { players: '{{n, number}} playing' },
      fr: { players: '{{n, number}} en jeu' },
    };
    const files = firstScreenFiles(
      'HomePage',
      '<p>{t:players|n=1284}</p><b>{money:500000|KES}</b>',
      messages,
    );
    expect(files['first-screen/HomePage.en.html']).toBe('<p>1,284 playing</p><b>KSh 500,000.00</b>');
    // French groups with a narrow no-break space and writes a decimal comma.
    expect(files['first-screen/HomePage.fr.html']).toBe('<p>1\u202f284 en jeu</p><b>KSh 500\u202f000,00</b>');
  });

  it('ships a fragment without text once, for every language', () => {
    expect(firstScreenFiles('HomePage', '<div style="height:1rem"></div>', locales)).toEqual({
      'first-screen/HomePage.html': '<div style="height:1rem"></div>',
    });
  });

  it('fails the build on a key the locale files do not have', () => {
    expect(() => translateFirstScreen('<h1>{t:login.missing}</h1>', locales.en, 'LoginPage (en)')).toThrow(
      'LoginPage (en): no string login.missing',
    );
    expect(() => translateFirstScreen('<h1>{t:login}</h1>', locales.en, 'x')).toThrow(/no string login/);
  });
});
