/** A local stand-in for an outside service the shell talks to: a Chatwoot-compatible widget script. */
import type { Page } from '@playwright/test';
import { editBootData } from './boot-data.ts';

export const FAKE_WIDGET_URL = 'http://127.0.0.1:9/chat';

/** Serves a fake Chatwoot SDK that records what the shell asks of it in `window.__chat`. */
export async function serveFakeChatWidget(page: Page): Promise<void> {
  await page.route(`${FAKE_WIDGET_URL}/packs/js/sdk.js`, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `
        window.__chat = { runs: [], toggles: 0, users: [], attributes: [] };
        window.chatwootSDK = {
          run(options) {
            window.__chat.runs.push(options);
            window.$chatwoot = {
              toggle() { window.__chat.toggles += 1; },
              setUser(id, user) { window.__chat.users.push({ id, ...user }); },
              setCustomAttributes(a) { window.__chat.attributes.push(a); },
            };
            setTimeout(() => window.dispatchEvent(new Event('chatwoot:ready')), 50);
          },
        };`,
    }),
  );
}

/** The parts of `/config`'s data the specs change. */
interface ConfigData {
  features: Record<string, boolean>;
  support_chat: { widget_url: string; website_token: string } | null;
  error_reporting: { dsn: string; environment: string; tunnel: string } | null;
  [key: string]: unknown;
}

/** The shell's config, changed by `mutate` (feature flags, widget, DSN): in the page and from `/config`. */
export async function overrideConfig(page: Page, mutate: (data: ConfigData) => void): Promise<void> {
  await editBootData(page, (boot) => {
    if (boot.config) mutate(boot.config as unknown as ConfigData);
  });
  await page.route('**/api/v1/config', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    mutate(body.data);
    await route.fulfill({ response, json: body });
  });
}
