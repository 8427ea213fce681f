/**
 * A remote's first screens (decisions 011, 026 and 039): for each of its entry pages in the
 * site's route table, the HTML the page itself renders before anything is known (no session, no
 * server data, its strings in), once per language, written into the version folder as
 * `first-screen/<Expose>.<language>.html`. The site puts it in the page's `<main>`, so the browser
 * paints it before any script runs; it ships, is checked and is rolled back with the version whose
 * page it belongs to.
 *
 * How: the remote's build has a second environment, `first-screen`, that bundles the entry pages
 * with `first-screen-render.tsx` for Node. After the build, this plugin runs that bundle for each
 * page and language and adds the styles the markup needs: the rules of the page's own stylesheet
 * (the federated build's CSS for that exposed page) that match it, inline, since that stylesheet is
 * not in the page at first paint (the shell's is). Forms come out `inert`: nothing typed before the
 * page runs could be kept.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { firstScreenFile } from '@mchezo/contracts/boot';
import { SITE_ROUTES } from '@mchezo/contracts/routes';
import { LANGUAGES, type Language } from '@mchezo/i18n/languages';
import { type EnvironmentConfig, type RsbuildPlugin, rspack } from '@rsbuild/core';
import { PurgeCSS } from 'purgecss';

/** The build environment that renders the first screens. */
export const FIRST_SCREEN_ENVIRONMENT = 'first-screen';

/** An entry page with a first screen: its exposed name, its route, the URL it renders at, its source. */
export interface FirstScreenPage {
  expose: string;
  route: string;
  url: string;
  file: string;
}

/**
 * The remote's entry pages that have a first screen (`firstScreen` in the site's route table),
 * with their source files from the remote's `exposes`. A page the table names but the remote
 * does not expose fails the build.
 */
export function remoteFirstScreens(remote: string, exposes: Record<string, string>): FirstScreenPage[] {
  return SITE_ROUTES.filter((r) => r.remote === remote && r.firstScreen).map((r) => {
    const file = exposes[`./${r.expose}`];
    if (!file) throw new Error(`${remote}: the route table's ${r.path} needs ./${r.expose} exposed`);
    return { expose: r.expose, route: r.path, url: firstScreenUrl(r.path, r.query), file };
  });
}

/**
 * The URL a page is rendered at: the route with each `:param` (and each query parameter it reads)
 * as `[[param]]`; the site writes the request's own (escaped) value in (`/game/[[title]]`).
 */
export function firstScreenUrl(route: string, query: readonly string[] = []): string {
  const search = query.map((name) => `${name}=[[${name}]]`).join('&');
  return route.replace(/:(\w+)/g, '[[$1]]') + (search ? `?${search}` : '');
}

const RENDERER = resolve(import.meta.dirname, 'first-screen-render.tsx');

/** The bundle's entry: the renderer and the pages, by exposed name. */
function entrySource(rootPath: string, pages: FirstScreenPage[]): string {
  const imports = pages.map((p, i) => `import Page${i} from ${JSON.stringify(resolve(rootPath, p.file))};`);
  const table = pages.map((p, i) => `${JSON.stringify(p.expose)}: Page${i}`).join(', ');
  return [
    `export { renderFirstScreen } from ${JSON.stringify(RENDERER)};`,
    ...imports,
    `export const pages = { ${table} };`,
  ].join('\n');
}

/** The `first-screen` environment: the entry pages and the renderer, bundled for Node. */
export function firstScreenEnvironment(rootPath: string, pages: FirstScreenPage[]): EnvironmentConfig {
  const entry = resolve(rootPath, 'src/first-screens.generated.tsx');
  return {
    source: { entry: { index: entry } },
    output: {
      target: 'node',
      distPath: { root: 'dist/first-screen' },
      emitAssets: false,
      minify: false,
    },
    // Run once at build time, never served: its size is nobody's concern.
    performance: { printFileSize: false },
    tools: {
      rspack: {
        plugins: [new rspack.experiments.VirtualModulesPlugin({ [entry]: entrySource(rootPath, pages) })],
      },
    },
  };
}

type Bundle = {
  renderFirstScreen: (
    page: unknown,
    options: { url: string; route: string; language: Language },
  ) => Promise<string>;
  pages: Record<string, unknown>;
};

type Manifest = { exposes: { name: string; assets: { css: { sync: string[] } } }[] };

/**
 * Tailwind's class names hold `[`, `]`, `/`, `:` and `%`: every run of such characters in the
 * markup is a candidate, and a rule stays if its selector's names are among them.
 */
const candidates = (html: string) => html.match(/[^<>"'`\s=]+/g) ?? [];

/** The rules of `css` the markup uses, and the markup with its forms inert. */
export async function withStyles(html: string, css: string): Promise<string> {
  const [purged] = await new PurgeCSS().purge({
    content: [{ raw: html, extension: 'html' }],
    css: [{ raw: css }],
    defaultExtractor: candidates,
    keyframes: true,
    // Tailwind's own custom properties and layer order: kept whole, they are tiny. (PurgeCSS
    // writes a `<` in a value as `\3c `, so no rule can close the `<style>` it goes into.)
    safelist: { standard: [/^:root$/, /^\*$/], greedy: [/::backdrop/] },
  });
  const styles = (purged?.css ?? '').replace(/\/\*[\s\S]*?\*\//g, '').trim();
  const inert = html.replace(/<form\b/g, '<form inert=""');
  return styles ? `<style>${styles}</style>${inert}` : inert;
}

/** Renders the pages in each language and writes them into the federated version folder. */
async function writeFirstScreens(bundleDir: string, federatedDir: string, pages: FirstScreenPage[]) {
  const bundle = createRequire(import.meta.url)(join(bundleDir, 'index.js')) as Bundle;
  const manifest = JSON.parse(readFileSync(join(federatedDir, 'mf-manifest.json'), 'utf8')) as Manifest;
  for (const { expose, route, url } of pages) {
    const cssFiles = manifest.exposes.find((e) => e.name === expose)?.assets.css.sync ?? [];
    const css = cssFiles.map((f) => readFileSync(join(federatedDir, f), 'utf8')).join('\n');
    for (const language of LANGUAGES) {
      const html = await bundle.renderFirstScreen(bundle.pages[expose], {
        url,
        route,
        language,
      });
      const out = join(federatedDir, firstScreenFile(expose, language));
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, await withStyles(html, css));
    }
  }
}

/**
 * After a build of both environments, writes the first screens into the federated folder. A
 * federated build without the `first-screen` environment fails: it would ship a version whose
 * entry pages paint nothing from the HTML.
 */
export function pluginFirstScreens(pages: FirstScreenPage[], federated: string): RsbuildPlugin {
  return {
    name: 'mchezo:first-screens',
    setup(api) {
      api.onAfterBuild(async ({ environments, stats }) => {
        if (stats?.hasErrors()) return; // Rsbuild has reported them and fails the build.
        const built = environments[federated];
        if (!built) return;
        const bundle = environments[FIRST_SCREEN_ENVIRONMENT];
        if (!bundle)
          throw new Error(
            `build the ${FIRST_SCREEN_ENVIRONMENT} environment with ${federated}: rsbuild build --environment ${federated} --environment ${FIRST_SCREEN_ENVIRONMENT}`,
          );
        await writeFirstScreens(bundle.distPath, built.distPath, pages);
      });
    },
  };
}
