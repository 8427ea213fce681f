/**
 * The boot data the site writes into index.html (`@mchezo/contracts/boot`): the config, the
 * release manifest and the home page's remote manifest and games ride in the page, not in
 * requests of their own. A spec that changes or breaks one of those reads edits the page too.
 */
import type { Page, Route } from '@playwright/test';

export interface BootData {
  config?: Record<string, unknown> & { features: Record<string, boolean> };
  release?: { revision: number; remotes: Record<string, unknown> };
  files?: Record<string, unknown>;
  [key: string]: unknown;
}

const BOOT = /(<script type="application\/json" id="mchezo-boot">)(.*?)(<\/script>)/s;
const edits = new WeakMap<Page, ((boot: BootData) => void)[]>();

async function rewriteDocument(route: Route, page: Page): Promise<void> {
  if (route.request().resourceType() !== 'document') return route.fallback();
  const response = await route.fetch();
  const html = (await response.text()).replace(BOOT, (_all, open: string, json: string, close: string) => {
    const boot = JSON.parse(json) as BootData;
    for (const edit of edits.get(page) ?? []) edit(boot);
    return open + JSON.stringify(boot).replace(/</g, '\\u003c') + close;
  });
  // The body is re-encoded here: drop the server's compression header.
  const headers = { ...response.headers() };
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
