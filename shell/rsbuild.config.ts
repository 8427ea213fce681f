import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { preferEsmFederationRuntime, sharedSingletons } from '@mchezo/tooling/federation';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginInstallable } from './pwa.plugin.ts';
import { FRAME_CLASS, HEADER_CLASS, LOGO_CLASS, MAIN_CLASS } from './src/layout/frame.ts';

/** Starts the app after the first paint (inlined: it must run before any file arrives). */
const startAfterPaint = readFileSync(new URL('./src/start-after-paint.js', import.meta.url), 'utf8')
  // Its comments are for this repository, not for every phone that loads the page.
  .replace(/^\s*\/\/.*$/gm, '')
  .replace(/\n\s*\n/g, '\n')
  .trim();

/**
 * The shell is the only MF consumer. It knows no remote URL at build time (`remotes: {}`):
 * it reads the release manifest at boot and registers remotes then. It provides the MF
 * runtime to the remotes (`provideExternalRuntime`) and every shared singleton.
 */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'shell',
      remotes: {},
      shared: sharedSingletons('host'),
      dts: false,
      experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
    }),
    // The web app manifest, the offline page and the service worker (decision 025).
    pluginInstallable(),
  ],
  source: { entry: { index: './src/index.ts' } },
  html: {
    template: './src/index.html',
    // The static frame of index.html is drawn with the React layout's own classes.
    templateParameters: {
      frameClass: FRAME_CLASS,
      headerClass: HEADER_CLASS,
      logoClass: LOGO_CLASS,
      mainClass: MAIN_CLASS,
    },
    // The app's script is fetched at once and at high priority (a deferred script gets low
    // priority and, on HTTP/1.1's six connections, queues behind the first page's preloaded
    // remote files), but evaluated only after the HTML's first screen has painted.
    tags: [
      (tags) =>
        tags.flatMap((tag) =>
          tag.tag === 'script' && typeof tag.attrs?.src === 'string'
            ? [
                {
                  tag: 'link',
                  attrs: { rel: 'preload', as: 'script', href: tag.attrs.src, fetchpriority: 'high' },
                  head: true,
                  publicPath: false,
                },
                {
                  tag: 'script',
                  attrs: { 'data-src': tag.attrs.src },
                  children: startAfterPaint,
                  head: false,
                  append: true,
                },
              ]
            : [tag],
        ),
    ],
  },
  // The stylesheet stays a file: the site writes it into a first visit's page and links the
  // cached file on return visits (decision 029).
  output: { distPath: { root: 'dist' }, assetPrefix: '/', target: 'web' },
  performance: { removeConsole: ['log'], chunkSplit: { strategy: 'all-in-one' } },
  tools: {
    rspack: {
      plugins: [preferEsmFederationRuntime()],
      // No inline <style> from sonner: its stylesheet comes as a file (decision 016).
      module: {
        rules: [
          {
            test: /[\\/]sonner[\\/]dist[\\/]index\.m?js$/,
            loader: fileURLToPath(new URL('./sonner-stylesheet-loader.cjs', import.meta.url)),
          },
        ],
      },
    },
  },
  server: {
    port: 3000,
    host: '127.0.0.1',
    // In `rsbuild dev` the API (and the deployed remotes) come from `npm start`'s server.
    proxy: { '/api': 'http://127.0.0.1:8080', '/remotes': 'http://127.0.0.1:8080' },
    historyApiFallback: true,
  },
});
