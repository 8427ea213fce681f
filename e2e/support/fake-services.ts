/**
 * Local stand-ins for the outside services the shell talks to: an error-ingest endpoint
 * (Sentry's envelope API) and a Chatwoot-compatible widget script.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { editBootData } from './boot-data.ts';

export interface FakeIngest {
  dsn: string;
  /** Raw envelope bodies received so far. */
  envelopes: string[];
  close(): Promise<void>;
}

export async function startFakeIngest(): Promise<FakeIngest> {
  const envelopes: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      envelopes.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    dsn: `http://e2epublickey@127.0.0.1:${port}/1`,
    envelopes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

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
export interface ConfigData {
  features: Record<string, boolean>;
  support_chat: { widget_url: string; website_token: string } | null;
  error_reporting: { dsn: string; environment: string } | null;
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
