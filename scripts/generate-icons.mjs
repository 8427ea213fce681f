// `node scripts/generate-icons.mjs`: draws the installed app's icons (shell/public/icons/) from
// the logo the site shows as its favicon (shell/src/index.html: the orange tile with an "M"),
// rendered by Debian's Chromium. Run again after changing the logo; the PNGs are committed.
// - icon-<size>.png ("any"): the tile as it is, rounded corners on a transparent ground;
// - maskable-<size>.png: full bleed, the letter inside the middle 80 % that every mask keeps.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { ROOT } from './lib.mjs';

const theme = readFileSync(join(ROOT, 'shared/ui/src/theme.css'), 'utf8');
const colour = (name) => new RegExp(`--color-${name}:\\s*(#[0-9a-f]{3,8})`, 'i').exec(theme)[1];
const BRAND = colour('brand');
const INK = colour('ink');

/** The favicon's tile on a 32-unit grid; a maskable icon drops the corners and shrinks the letter. */
const svg = ({ maskable }) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="100%" height="100%">` +
  `<rect width="32" height="32" rx="${maskable ? 0 : 8}" fill="${BRAND}"/>` +
  `<text x="16" y="${maskable ? 21.5 : 23}" font-size="${maskable ? 15 : 20}" font-family="sans-serif" ` +
  `font-weight="700" text-anchor="middle" fill="${INK}">M</text></svg>`;

const out = join(ROOT, 'shell/public/icons');
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    for (const maskable of [false, true]) {
      await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${svg({ maskable })}`);
      const file = join(out, `${maskable ? 'maskable' : 'icon'}-${size}.png`);
      await page.screenshot({ path: file, omitBackground: true });
      console.log(`wrote ${file}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
}
