/**
 * The boot data the site writes into index.html (`@mchezo/contracts/boot`): the config, the
 * release manifest and the home page's remote manifest and games ride in the page, not in
 * requests of their own. A spec that changes or breaks one of those reads edits the page too.
 */
import { readFileSync } from 'node:fs';
import { type SitePolicyInput, sitePolicy } from '@mchezo/site/content-security-policy';
import type { Page, Route } from '@playwright/test';

interface BootData {
  config?: Record<string, unknown> & { features: Record<string, boolean> };
  release?: { revision: number; remotes: Record<string, unknown> };
  files?: Record<string, unknown>;
  [key: string]: unknown;
}

const BOOT = /(<script type="application\/json" id="mchezo-boot">)(.*?)(<\/script>)/s;
const edits = new WeakMap<Page, ((boot: BootData) => void)[]>();

const TEMPLATE = new URL('../../build/cdn/shell/index.html', import.meta.url);
const FIRST_SCREEN = /<div data-first-screen="[^"]*">([\s\S]*)<\/div><\/main>/;
const INLINE_STYLESHEET = /<head>[\s\S]*?<style>([\s\S]*?)<\/style>[\s\S]*?<\/head>/;

/**
 * The Content-Security-Policy the server would send with this boot data (decision 016): the
 * server's own function, on the page it was given. A spec that points the config or a remote at
 * one of its fakes gets a policy that names that fake, as a server configured so would send.
 */
function policyFor(boot: BootData, html: string, origin: string): string {
  const stylesheet = INLINE_STYLESHEET.exec(html)?.[1];
  return sitePolicy({
    template: readFileSync(TEMPLATE, 'utf8'),
    firstScreenHtml: FIRST_SCREEN.exec(html)?.[1],
    // The shell's stylesheet, when the server wrote it into the page (decision 029).
    ...(stylesheet !== undefined && { stylesheet }),
    release: boot.release as SitePolicyInput['release'],
    config: boot.config as SitePolicyInput['config'],
    publicBaseUrl: origin,
  });
}

async function rewriteDocument(route: Route, page: Page): Promise<void> {
  if (route.request().resourceType() !== 'document') return route.fallback();
  const response = await route.fetch();
  const headers = { ...response.headers() };
  const origin = new URL(route.request().url()).origin;
  const sent = await response.text();
  let policy = headers['content-security-policy'];
  const html = sent.replace(BOOT, (_all, open: string, json: string, close: string) => {
    const boot = JSON.parse(json) as BootData;
    // The same function on the page as served must give the server's header, or this copy lies.
    if (policy !== policyFor(boot, sent, origin)) throw new Error(`Unexpected page policy: ${policy}`);
    for (const edit of edits.get(page) ?? []) edit(boot);
    policy = policyFor(boot, sent, origin);
    return open + JSON.stringify(boot).replace(/</g, '\\u003c') + close;
  });
  if (policy) headers['content-security-policy'] = policy;
  // The body is re-encoded here: drop the server's compression header.
  delete headers['content-encoding'];
  delete headers['content-length'];
  await route.fulfill({ response, body: html, headers });
}

/** Changes the boot data of every page this tab loads from now on (edits apply in order). */
export async function editBootData(page: Page, edit: (boot: BootData) => void): Promise<void> {
  const list = edits.get(page);
  if (list) {
    list.push(edit);
    return;
  }
  edits.set(page, [edit]);
  await page.route('**/*', (route) => rewriteDocument(route, page));
}
