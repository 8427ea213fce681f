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
 */
import { readFileSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { firstScreenFile } from '@mchezo/contracts/boot';
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

export function pluginFirstScreens(screens: Record<string, string>, environment: string): RsbuildPlugin {
  return {
    name: 'mchezo:first-screens',
    setup(api) {
      api.processAssets({ stage: 'additional', environments: [environment] }, ({ compilation, sources }) => {
        for (const [expose, file] of Object.entries(screens)) {
          const path = resolve(api.context.rootPath, file);
          compilation.fileDependencies.add(path);
          compilation.emitAsset(firstScreenFile(expose), new sources.RawSource(buildFirstScreen(path)));
        }
      });
    },
  };
}
