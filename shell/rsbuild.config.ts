import { preferEsmFederationRuntime, sharedSingletons } from '@mchezo/tooling/federation';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

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
  ],
  source: { entry: { index: './src/index.ts' } },
  html: {
    template: './src/index.html',
    // Deferred scripts get low priority: on HTTP/1.1's six connections they would queue behind
    // the first page's preloaded remote files, and nothing paints before these three run.
    tags: [
      (tags) =>
        tags.map((tag) =>
          tag.tag === 'script' && tag.attrs?.src
            ? { ...tag, attrs: { ...tag.attrs, fetchpriority: 'high' } }
            : tag,
        ),
    ],
  },
  output: { distPath: { root: 'dist' }, assetPrefix: '/', target: 'web', inlineStyles: true },
  performance: { removeConsole: ['log'], chunkSplit: { strategy: 'all-in-one' } },
  tools: { rspack: { plugins: [preferEsmFederationRuntime()] } },
  server: {
    port: 3000,
    host: '127.0.0.1',
    // In `rsbuild dev` the API (and the deployed remotes) come from `npm start`'s server.
    proxy: { '/api': 'http://127.0.0.1:8080', '/remotes': 'http://127.0.0.1:8080' },
    historyApiFallback: true,
  },
});
