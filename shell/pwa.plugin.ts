/**
 * What makes the site installable and lets it say "offline" (decision 025), written into the
 * shell's build after Rsbuild's own output:
 * - `manifest.webmanifest`: name, colours from the theme, the icons of `public/icons/`;
 * - `offline.html`: src/offline/offline.html with every language's words (src/offline/locales);
 * - `sw.js`: src/worker/sw.ts, compiled by Rsbuild's own Rspack, with the list of files to
 *   precache (the shell's entry files and the offline page) written in. None of these is on
 *   the first load's path: the page only links the manifest; the worker is registered after load.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_STORAGE_KEY, LANGUAGES } from '@mchezo/i18n/languages';
import { type RsbuildPlugin, rspack } from '@rsbuild/core';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The theme's colours (shared/ui/src/theme.css), so the installed app and the site match. */
function themeColour(name: string): string {
  const css = readFileSync(here('../shared/ui/src/theme.css'), 'utf8');
  const value = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{3,8})`, 'i').exec(css)?.[1];
  if (!value) throw new Error(`theme.css has no --color-${name}`);
  return value;
}

function webManifest(): string {
  const icon = (name: string, size: number, purpose: string) => ({
    src: `/icons/${name}-${size}.png`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  const manifest = {
    id: '/',
    name: 'Mchezo',
    short_name: 'Mchezo',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: themeColour('ink'),
    background_color: themeColour('ink'),
    icons: [
      icon('icon', 192, 'any'),
      icon('icon', 512, 'any'),
      icon('maskable', 192, 'maskable'),
      icon('maskable', 512, 'maskable'),
    ],
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

function offlinePage(): string {
  const strings = Object.fromEntries(
    LANGUAGES.map((lng) => [
      lng,
      JSON.parse(readFileSync(here(`./src/offline/locales/${lng}.json`), 'utf8')) as Record<string, string>,
    ]),
  );
  const colours = ['ink', 'text', 'muted', 'brand'].map((name) => `--${name}:${themeColour(name)}`);
  const values: Record<string, string> = {
    ink: themeColour('ink'),
    storageKey: LANGUAGE_STORAGE_KEY,
    ...Object.fromEntries(Object.entries(strings.en ?? {}).map(([k, v]) => [`en.${k}`, escapeHtml(v)])),
  };
  return (
    readFileSync(here('./src/offline/offline.html'), 'utf8')
      // The template's notes are for this repository, not for every phone.
      .replace(/<!--[\s\S]*?-->\n/g, '')
      .replace('<style>', () => `<style>:root{${colours.join(';')}}`)
      .replace(
        'id="offline-strings">{}',
        () => `id="offline-strings">${JSON.stringify(strings).replace(/</g, '\\u003c')}`,
      )
      .replace(/{{([\w.]+)}}/g, (_all, key: string) => {
        const value = values[key];
        if (value === undefined) throw new Error(`offline.html: nothing for {{${key}}}`);
        return value;
      })
  );
}

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * The files every page starts with (the shell's entry: `static/js/*`, `static/css/*`) and the
 * offline page, as paths from the site's root. The chunks under `async/` are kept when first
 * used instead: precaching them all would make every installed phone download ~160 kB more
 * (most of it the error-reporting SDK, which loads only where error reporting is configured).
 */
function precacheList(dist: string): string[] {
  const entry = [...files(join(dist, 'static'))]
    .map((path) => `/${relative(dist, path).split(sep).join('/')}`)
    .filter((path) => !path.includes('/async/') && !/\.(br|gz|map|txt)$/.test(path));
  return [...entry.sort(), '/offline.html'];
}

function buildWorker(dist: string, precache: string[]): Promise<void> {
  const buildId = createHash('sha256')
    .update(precache.join('\n'))
    .update(readFileSync(join(dist, 'offline.html')))
    .digest('hex')
    .slice(0, 12);
  const compiler = rspack({
    mode: 'production',
    target: ['webworker', 'es2020'],
    entry: here('./src/worker/sw.ts'),
    output: { path: dist, filename: 'sw.js', iife: true },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' } } },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        __PRECACHE__: JSON.stringify(precache),
        __BUILD_ID__: JSON.stringify(buildId),
      }),
    ],
    devtool: false,
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => {});
      if (error || stats?.hasErrors())
        reject(error ?? new Error(stats?.toString({ all: false, errors: true })));
      else resolve();
    }),
  );
}

export function pluginInstallable(): RsbuildPlugin {
  return {
    name: 'mchezo-installable',
    setup(api) {
      api.onAfterBuild(async () => {
        const dist = api.context.distPath;
        writeFileSync(join(dist, 'manifest.webmanifest'), webManifest());
        writeFileSync(join(dist, 'offline.html'), offlinePage());
        await buildWorker(dist, precacheList(dist));
      });
    },
  };
}
