import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

/**
 * The staff site: a plain single-page app (no Module Federation: it never loads a player remote
 * and must work while remotes are broken), served by the site composer under /staff/ with a
 * strict Content-Security-Policy (site/src/staff-site.ts): no inline script or style at all.
 */
export default defineConfig({
  plugins: [pluginReact()],
  source: { entry: { index: './src/index.tsx' } },
  html: { template: './src/index.html' },
  output: {
    distPath: { root: 'dist' },
    assetPrefix: '/staff/',
    target: 'web',
    // No inline <script>/<style> in the page: the policy allows 'self' files only.
    inlineScripts: false,
    inlineStyles: false,
  },
  performance: { removeConsole: ['log'] },
  tools: {
    rspack: {
      // sonner writes an inline <style>, which the staff policy refuses: its CSS is a file
      // instead (the same loader as the shell's, decision 016; src/app/toaster.tsx imports the file).
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
    port: 3200,
    host: '127.0.0.1',
    base: '/staff',
    proxy: { '/api': 'http://127.0.0.1:8080' },
    historyApiFallback: { index: '/staff/index.html' },
  },
});
