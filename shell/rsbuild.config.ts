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
  html: { template: './src/index.html' },
  output: { distPath: { root: 'dist' }, assetPrefix: '/', target: 'web' },
  performance: { removeConsole: ['log'] },
  tools: { rspack: { plugins: [preferEsmFederationRuntime()] } },
  server: {
    port: 3000,
    host: '127.0.0.1',
    // In `rsbuild dev` the API (and the deployed remotes) come from `npm start`'s server.
    proxy: { '/api': 'http://127.0.0.1:8080', '/remotes': 'http://127.0.0.1:8080' },
    historyApiFallback: true,
  },
});
