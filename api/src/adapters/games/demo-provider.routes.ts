import {
  DemoSessionRequest,
  DemoSessionResponse,
  DemoSpinResponse,
  demoSpinRequest,
} from '@mchezo/contracts/casino';
import { inlineHashes } from '@mchezo/site/content-security-policy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http.js';
import { DEMO_PAGE_JS, demoPageHtml } from './demo-page.js';
import { type DemoGameProvider, demoStakes } from './demo-provider.js';
import { demoLanguage } from './demo-strings.js';
import type { GameProvider } from './game-provider.js';

const tags = ['demo-game'];

/** The demo provider's own pages and endpoints (its "servers"), under /api/v1/games/demo. */
export const demoGameRoutes: FastifyPluginAsyncZod<{
  /** The casino's: the smallest stake, and who may frame the game page. */
  config: { MIN_STAKE_KES: number; GAME_FRAME_ANCESTORS: string };
  games: GameProvider;
}> = async (app, { config, games }) => {
  if (games.name !== 'demo') return;
  const demo = games as DemoGameProvider;
  const SpinRequest = demoSpinRequest(demoStakes(config.MIN_STAKE_KES));
  const frameAncestors = config.GAME_FRAME_ANCESTORS;
  // Its one inline stylesheet by hash: no other inline style (and no inline script) may apply.
  const styles = inlineHashes(demoPageHtml('en')).styles.join(' ');

  // The site frames the game with an opaque origin (sandbox without allow-same-origin), so the
  // game page's calls are cross-origin (Origin: null). They carry only the launch or session
  // token in the body, never cookies, so any origin may call.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });
  for (const path of ['/games/demo/session', '/games/demo/spin']) {
    app.options(path, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .code(204)
        .header('access-control-allow-methods', 'POST')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '600')
        .send(),
    );
  }

  // The launch token in the query is a secret: never logged (lib/redact.ts).
  app.get(
    '/games/demo/play',
    { schema: { hide: true }, config: { secretParams: ['launch'] } },
    async (request, reply) =>
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header(
          'content-security-policy',
          // The sandboxed page has an opaque origin: name this server's origin, not only 'self'.
          // Framed by the site only (GAME_FRAME_ANCESTORS); it loads its script and calls its API.
          `default-src 'none'; script-src 'self' ${request.protocol}://${request.host}; style-src ${styles}; connect-src 'self' ${request.protocol}://${request.host}; base-uri 'none'; form-action 'none'; frame-ancestors ${frameAncestors}`,
        )
        .send(demoPageHtml(demoLanguage((request.query as { lang?: unknown }).lang))),
  );

  app.get('/games/demo/game.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(DEMO_PAGE_JS),
  );

  app.post(
    '/games/demo/session',
    {
      schema: {
        tags,
        body: DemoSessionRequest,
        response: { 200: DemoSessionResponse, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => demo.openSession(request.body.launch_token),
  );

  app.post(
    '/games/demo/spin',
    {
      schema: {
        tags,
        body: SpinRequest,
        response: { 200: DemoSpinResponse, ...errorResponses(400, 401, 403, 409, 422, 502) },
      },
    },
    async (request) => demo.spin(request.body.session_token, request.body.stake),
  );
};
