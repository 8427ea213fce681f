/**
 * Every remote's first screens as the build ships them (decisions 011 and 026): each fills in from
 * its remote's locale files in every language (a missing key would fail the build), carries no
 * script, and has no text of its own: every word comes from the locale files, so a first screen
 * never shows English to a Swahili reader. Names (a game's title) are marked `translate="no"`.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SITE_ROUTES } from '@mchezo/contracts/routes';
import { describe, expect, it } from 'vitest';
import { buildFirstScreen, firstScreenFiles, readLocales, remoteFirstScreens } from './first-screens.ts';

const remotesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../remotes');
const screens = readdirSync(remotesDir).flatMap((remote) => {
  const pages = join(remotesDir, remote, 'src', 'pages');
  return readdirSync(pages)
    .filter((f) => f.endsWith('.first-screen.html'))
    .map((f) => ({ remote, file: join(pages, f), name: `${remote}/${f}` }));
});

/** Text that is no word: the phone example, the route's `[[title]]`, an amount (`{money:…}`). */
const NOT_WORDS = /^(\d+|\[\[\w+\]\]|\{money:[\d.]+\|[A-Z]{3}\})$/;

describe.each(screens)('$name', ({ remote, file }) => {
  const html = buildFirstScreen(file);
  const locales = readLocales(join(remotesDir, remote, 'src', 'i18n', 'locales'));

  it('ships in every language of its remote, or once when it has no text', () => {
    const files = firstScreenFiles('Page', html, locales);
    const perLanguage = Object.keys(files).length > 1 || !Object.keys(files)[0]?.endsWith('Page.html');
    if (perLanguage)
      expect(Object.keys(files).sort()).toEqual(
        Object.keys(locales)
          .map((l) => `first-screen/Page.${l}.html`)
          .sort(),
      );
  });

  it('has no script and no words of its own', () => {
    expect(html).not.toMatch(/<script|\son[a-z]+=/i);
    const own = html
      .replace(/\{t:[^}]+\}/g, '')
      .replace(/<(\w+)\b[^>]*\btranslate="no"[^>]*>[^<]*<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .split(/\s+/)
      .filter((w) => w && !NOT_WORDS.test(w));
    expect(own).toEqual([]);
  });
});

describe('the first screens and the site route table (@mchezo/contracts/routes)', () => {
  it('every route with a first screen has its file, and every file is a route with a first screen', () => {
    const built = SITE_ROUTES.filter((r) => r.firstScreen).map((r) => {
      const file = remoteFirstScreens(r.remote)[r.expose] as string;
      expect(existsSync(join(remotesDir, r.remote, file)), `${r.path}: ${r.remote}/${file}`).toBe(true);
      return join(remotesDir, r.remote, file);
    });
    expect(screens.map((s) => s.file).sort()).toEqual(built.sort());
  });
});
