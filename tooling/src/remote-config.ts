/**
 * Builds the Rsbuild config of a remote, so every team's remote is federated the same way.
 *
 * Three environments:
 * - `federated` (what ships): exposes the remote's pages, consumes every singleton from the
 *   shell (no fallback copies) and uses the shell's MF runtime (`externalRuntime`), so the
 *   remote entry stays small. Built with `rsbuild build --environment federated --environment
 *   first-screen`.
 * - `first-screen` (build time only): the remote's entry pages bundled for Node, which the build
 *   runs to write each page's first screen into the federated folder (first-screens.ts).
 * - `standalone` (what a team runs alone): a plain SPA that renders the same pages inside a
 *   fake host. It cannot use `externalRuntime` (there is no shell to provide it), so it has no
 *   federation at all.
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig, type RsbuildPlugin, rspack } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { preferEsmFederationRuntime, sharedSingletons } from './federation.ts';
import {
  FIRST_SCREEN_ENVIRONMENT,
  firstScreenEnvironment,
  pluginFirstScreens,
  remoteFirstScreens,
} from './first-screens.ts';
// @ts-expect-error: plain ESM shared with the build scripts (scripts/lib.mjs), no types.
import * as sharedExports from './shared-exports.mjs';

const { remoteSharedImports } = sharedExports as {
  remoteSharedImports: (dir: string) => Record<string, string[]>;
};

export interface RemoteOptions {
  /** The MF container name, also the folder name under `remotes/`. */
  name: string;
  /** Exposed modules: `'./HomePage': './src/pages/home-page.tsx'`. */
  exposes: Record<string, string>;
  /** Port of the standalone dev page. */
  devPort: number;
  /**
   * Whether the build ships the first screens the route table names for this remote (default);
   * `false` for a test build standing in for the remote (e2e/fixtures), which ships none.
   */
  firstScreens?: boolean;
}

/** A chunk that has not arrived after this long counts as failed (the shell gives up at 5 s). */
export const CHUNK_LOAD_TIMEOUT_MS = 4000;

export function defineRemoteConfig({
  name,
  exposes,
  devPort,
  firstScreens: withFirstScreens = true,
}: RemoteOptions): RsbuildConfig {
  // The first screens of the remote's entry pages (the site's route table), rendered from the
  // pages at build time and shipped in the version folder for the site to paint before any script
  // runs (decisions 011, 026 and 039). Rsbuild's root is where the build runs: the remote's folder.
  const root = process.cwd();
  const firstScreens = withFirstScreens ? remoteFirstScreens(name, exposes) : [];
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation(
        {
          name,
          exposes,
          shared: sharedSingletons('remote'),
          dts: false,
          // Without this the remote sends its own used-export list with no tree-shaking mode,
          // and the runtime hands it an untrimmed second router instead of the shell's trimmed one.
          injectTreeShakingUsedExports: false,
          experiments: { externalRuntime: true, optimization: { target: 'web' } },
        },
        { environment: 'federated' },
      ),
      ...(firstScreens.length ? [pluginFirstScreens(firstScreens, 'federated')] : []),
      pluginSharedImports(root, 'federated'),
    ],
    environments: {
      federated: {
        source: { entry: { index: './src/federated-entry.ts' } },
        html: { template: undefined },
        tools: {
          htmlPlugin: false,
          rspack: {
            plugins: [
              preferEsmFederationRuntime(),
              // Each chunk the remote loads carries its sha384: a changed file is refused by the
              // browser (the entry's own hash comes with the release manifest; decision 024).
              new rspack.SubresourceIntegrityPlugin({ hashFuncNames: ['sha384'] }),
            ],
            output: {
              crossOriginLoading: 'anonymous',
              chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
              // Two versions of a remote can meet in one page (a fallback after a broken release,
              // a canary): each build gets its own chunk-loading global, or their chunks collide.
              uniqueName: process.env.MCHEZO_BUILD_ID ? `${name}_${process.env.MCHEZO_BUILD_ID}` : name,
              chunkLoadingGlobal: `chunk_${name}${process.env.MCHEZO_BUILD_ID ? `_${process.env.MCHEZO_BUILD_ID}` : ''}`,
            },
          },
        },
        output: {
          // 'auto': the remote's files resolve against wherever its versioned folder is served
          // from, so one build can be moved between folders and CDNs unchanged.
          assetPrefix: 'auto',
          distPath: { root: 'dist/federated' },
          target: 'web',
        },
      },
      ...(firstScreens.length
        ? { [FIRST_SCREEN_ENVIRONMENT]: firstScreenEnvironment(root, firstScreens) }
        : {}),
      standalone: {
        source: { entry: { index: './src/standalone/main.tsx' } },
        output: { distPath: { root: 'dist/standalone' } },
        html: { title: `${name} (standalone, fake host)` },
      },
    },
    // The standalone page calls the API of a running `npm start` (port 8080, API_ORIGIN to change).
    server: {
      port: devPort,
      host: '127.0.0.1',
      historyApiFallback: true,
      proxy: { '/api': process.env.API_ORIGIN ?? 'http://127.0.0.1:8080' },
    },
  });
}

/**
 * Writes `shared-imports.json` (the names the remote imports from each `@mchezo/*` module) into
 * the federated folder, so a build made anywhere, in this repository or a team's own pipeline
 * (decision 050), carries what the release check compares with the live shell's exports.
 */
function pluginSharedImports(root: string, federated: string): RsbuildPlugin {
  return {
    name: 'mchezo:shared-imports',
    setup(api) {
      api.onAfterBuild(({ environments, stats }) => {
        const built = environments[federated];
        if (stats?.hasErrors() || !built) return;
        const imports = remoteSharedImports(root);
        writeFileSync(join(built.distPath, 'shared-imports.json'), `${JSON.stringify(imports, null, 2)}\n`);
      });
    },
  };
}
