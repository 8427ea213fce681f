/**
 * Emits a remote's first screens (decision 011): for each exposed page that has one, a static
 * HTML fragment of what the page shows before its strings and data arrive, written into the
 * version folder as `first-screen/<Expose>.html`. The site server puts it in the page's `<main>`
 * so the browser paints it before any script runs; it ships, is checked and is rolled back with
 * the version whose page it belongs to.
 *
 * The fragment is plain HTML with inline styles (the remote's stylesheet is not in the page at
 * first paint; the shell's theme variables are). Relative image paths are inlined as data URIs,
 * in the same form as the bundler's `?inline` imports, so the page's own `<img>` reuses the
 * decoded image. Comments and the whitespace between tags are dropped.
 *
 * Text (decision 026): `{t:key}` or `{t:key|name=value}` stands for the string `key` of the
 * remote's own locale files (`src/i18n/locales/<language>.json`), with `{{name}}` filled in
 * (`{{name, number}}` in the language's digits, as i18next formats it); `{money:500000|KES}` is an
 * amount as the page shows it (`formatMoney` of `@mchezo/i18n/money`). A fragment with text ships
 * once per language (`first-screen/<Expose>.<language>.html`); the site writes in the player's. A
 * missing key fails the build.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { firstScreenFile } from '@mchezo/contracts/boot';
import { SITE_ROUTES } from '@mchezo/contracts/routes';
import { numberFormat } from '@mchezo/i18n/intl';
import { formatMoney } from '@mchezo/i18n/money';
import type { RsbuildPlugin } from '@rsbuild/core';

const IMAGE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
};

/** The fragment as it ships: local images inlined, comments and inter-tag whitespace gone. */
export function buildFirstScreen(file: string): string {
  const dir = dirname(file);
  return readFileSync(file, 'utf8')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\bsrc="(\.{1,2}\/[^"]+)"/g, (_, path: string) => {
      const type = IMAGE_TYPES[extname(path)];
      if (!type) throw new Error(`${file}: cannot inline ${path}`);
      return `src="data:${type};base64,${readFileSync(resolve(dir, path)).toString('base64')}"`;
    })
    .replace(/>\s+</g, '><')
    .trim();
}

type Messages = { [key: string]: string | Messages };

const TEXT = /\{t:([\w.-]+)((?:\|[\w-]+=[^|}]*)*)\}/g;
const MONEY = /\{money:(\d+(?:\.\d{1,2})?)\|([A-Z]{3})\}/g;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** Whether the fragment carries text, so ships once per language. */
export const hasText = (html: string) =>
  new RegExp(TEXT.source).test(html) || new RegExp(MONEY.source).test(html);

/** The fragment's `{t:…}` and `{money:…}` in `language`, HTML-escaped. */
export function translateFirstScreen(
  html: string,
  messages: Messages,
  where: string,
  language = 'en',
): string {
  const money = html.replace(MONEY, (_, amount: string, currency: string) =>
    escapeHtml(formatMoney(Number(amount), currency, language)),
  );
  return money.replace(TEXT, (_, key: string, params: string) => {
    const value = key
      .split('.')
      .reduce<string | Messages | undefined>(
        (node, part) => (typeof node === 'object' ? node[part] : undefined),
        messages,
      );
    if (typeof value !== 'string') throw new Error(`${where}: no string ${key}`);
    const values = Object.fromEntries(
      params
        .split('|')
        .filter(Boolean)
        .map((p) => p.split('=', 2) as [string, string]),
    );
    const text = value.replace(/\{\{\s*(\w+)\s*(, *number)?\s*\}\}/g, (m, name: string, number?: string) => {
      const v = values[name];
      if (v === undefined) return m;
      return number ? numberFormat(language, {}).format(Number(v)) : v;
    });
    return escapeHtml(text);
  });
}

/** The remote's locale files by language (`en.json` …). */
export function readLocales(dir: string): Record<string, Messages> {
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [basename(f, '.json'), JSON.parse(readFileSync(join(dir, f), 'utf8')) as Messages]),
  );
}

/** The files a page's first screen ships as: one, or one per language when it has text. */
export function firstScreenFiles(
  expose: string,
  html: string,
  locales: Record<string, Messages>,
): Record<string, string> {
  if (!hasText(html)) return { [firstScreenFile(expose)]: html };
  const languages = Object.keys(locales);
  if (languages.length === 0) throw new Error(`${expose}: a first screen with text needs locale files`);
  return Object.fromEntries(
    languages.map((lng) => [
      firstScreenFile(expose, lng),
      translateFirstScreen(html, locales[lng] as Messages, `${expose} (${lng})`, lng),
    ]),
  );
}

/**
 * Where an entry page's first screen is written, beside the page:
 * `ForgotPasswordPage` → `./src/pages/forgot-password-page.first-screen.html`.
 */
export const firstScreenSource = (expose: string) =>
  `./src/pages/${expose.replace(/[A-Z]/g, (c, i: number) => `${i ? '-' : ''}${c.toLowerCase()}`)}.first-screen.html`;

/**
 * The first screens a remote's build ships: one for each of its entry pages in the site's route
 * table (`firstScreen` in `@mchezo/contracts/routes`), by exposed page. A missing file fails the build.
 */
export function remoteFirstScreens(remote: string): Record<string, string> {
  return Object.fromEntries(
    SITE_ROUTES.filter((r) => r.remote === remote && r.firstScreen).map((r) => [
      r.expose,
      firstScreenSource(r.expose),
    ]),
  );
}

/** Where a remote keeps its strings (each remote's `src/i18n/locales/<language>.json`). */
const LOCALES_DIR = 'src/i18n/locales';

export function pluginFirstScreens(screens: Record<string, string>, environment: string): RsbuildPlugin {
  return {
    name: 'mchezo:first-screens',
    setup(api) {
      api.processAssets({ stage: 'additional', environments: [environment] }, ({ compilation, sources }) => {
        const localesDir = resolve(api.context.rootPath, LOCALES_DIR);
        const locales = readLocales(localesDir);
        for (const lng of Object.keys(locales))
          compilation.fileDependencies.add(join(localesDir, `${lng}.json`));
        for (const [expose, file] of Object.entries(screens)) {
          const path = resolve(api.context.rootPath, file);
          compilation.fileDependencies.add(path);
          for (const [name, html] of Object.entries(
            firstScreenFiles(expose, buildFirstScreen(path), locales),
          ))
            compilation.emitAsset(name, new sources.RawSource(html));
        }
      });
    },
  };
}
