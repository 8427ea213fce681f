import swagger from '@fastify/swagger';
import { addSecurityHeaders } from '@mchezo/site/security-headers';
import { sitePlugin } from '@mchezo/site/site.plugin';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createIdentityChecker } from './adapters/identity/create-identity-checker.js';
import type { IdentityChecker } from './adapters/identity/identity-checker.js';
import { createPaymentProvider } from './adapters/payments/create-payment-provider.js';
import type { PaymentProvider } from './adapters/payments/payment-provider.js';
import { SimulatorPaymentProvider } from './adapters/payments/simulator.js';
import { simulatorTestRoutes } from './adapters/payments/simulator.routes.js';
import { createSmsSender } from './adapters/sms/create-sms-sender.js';
import type { SmsSender } from './adapters/sms/sms-sender.js';
import type { AppContext } from './context.js';
import { createDatabase, type Database, ensureSchema } from './db/database.js';
import { migrateToLatest } from './db/migrations.js';
import type { Env } from './env.js';
import type { BackgroundJob } from './lib/api-module.js';
import { API_PREFIX } from './lib/api-prefix.js';
import { errorHandler } from './lib/error-handler.js';
import { refuse, serviceUnavailable } from './lib/errors.js';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './lib/json-depth.js';
import { frameworkErrors, UrlRedactor } from './lib/redact.js';
import { loggerOptions, RequestLogController } from './lib/request-log.js';
import { serializerCompiler } from './lib/serializer.js';
import { type Clock, systemClock } from './lib/time.js';
import { amlModule } from './modules/aml/aml.module.js';
import { authModule } from './modules/auth/auth.module.js';
import { type CasinoModuleOptions, casinoModule } from './modules/casino/casino.module.js';
import { chatModule } from './modules/chat/chat.module.js';
import { configModule } from './modules/config/config.module.js';
import { buildPublicConfig } from './modules/config/config.service.js';
import { financeModule } from './modules/finance/finance.module.js';
import { healthModule } from './modules/health/health.module.js';
import { identityModule } from './modules/identity/identity.module.js';
import { metricsModule } from './modules/metrics/metrics.module.js';
import { playersModule } from './modules/players/players.module.js';
import { regulatorFeedModule } from './modules/regulator-feed/regulator-feed.module.js';
import { releaseHealthModule } from './modules/release-health/release-health.module.js';
import { releasesModule } from './modules/releases/releases.module.js';
import { saferGamblingModule } from './modules/safer-gambling/safer-gambling.module.js';
import { staffModule } from './modules/staff/staff.module.js';
import { walletModule } from './modules/wallet/wallet.module.js';

/** JSON bodies of this API are small; anything bigger is refused with 413 before parsing. */
const BODY_LIMIT_BYTES = 16 * 1024;

export interface AppDeps extends CasinoModuleOptions {
  /** An already open database (tests share one across apps); otherwise one is opened from env. */
  database?: Database;
  /** Close the given `database` too when the app closes, after its jobs have stopped (server.ts). */
  closeDatabase?: boolean;
  sms?: SmsSender;
  payments?: PaymentProvider;
  identity?: IdentityChecker;
  clock?: Clock;
  /** Replaces the whole logger configuration (tests pass `false`). */
  logger?: FastifyServerOptions['logger'];
  /** Keeps the server's logger configuration (levels, redaction) but writes to this stream. */
  logStream?: { write(line: string): void };
}

/**
 * Builds the whole server without listening. Migrations and the game seed run in onReady
 * (so `inject` and `listen` both get a migrated database); onClose stops jobs and closes the DB.
 */
export function buildApp(env: Env, deps: AppDeps = {}): FastifyInstance {
  // Every route's secret parameters, cut out of logged and quoted URLs (decision 032).
  const urls = new UrlRedactor();
  const app = Fastify({
    // At `silent` nothing would ever be written: no logger then, so Fastify skips the child
    // logger and the response listeners it otherwise sets up for every request.
    logger: deps.logger ?? (env.LOG_LEVEL === 'silent' ? false : loggerOptions(env, deps.logStream, urls)),
    frameworkErrors,
    logController: new RequestLogController(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    // Callback URLs carry a 43-char secret; keep the default URL limits otherwise.
    routerOptions: { maxParamLength: 200 },
    // A stopping instance answers with the API's 503 below, not Fastify's own.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  // Stopping: requests still arriving (on open connections) get 503 with Retry-After, so a
  // client or nginx repeats them at another instance (docs/decisions/035-surviving-faults.md).
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onRequest', async () => {
    if (stopping) throw serviceUnavailable('This server is stopping. Try again.', 'SERVICE_UNAVAILABLE', 1);
  });

  urls.watch(app);
  addSecurityHeaders(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !deps.database || deps.closeDatabase === true;
  const database = deps.database ?? createDatabase(env);
  database.reportErrorsTo((err) =>
    app.log.warn({ err: { message: err.message } }, 'database connection lost; the next query reconnects'),
  );
  const clock = deps.clock ?? systemClock;
  const ctx: AppContext = {
    env,
    database,
    clock,
    log: app.log,
    sms: deps.sms ?? createSmsSender(env, app.log),
    payments:
      deps.payments ??
      // The wallet module's settlement; the simulator settles only after a request, once it is there.
      createPaymentProvider(env, (kind, body) => app.settlement.settleCallback(kind, body), {
        database,
        clock,
        log: app.log,
      }),
    identity: deps.identity ?? createIdentityChecker(env),
  };
  app.decorate('ctx', ctx);
  const jobs: BackgroundJob[] = [];
  app.decorate('jobs', jobs);
  // Migrations before any module's own start-up work (hooks added here run before the modules').
  app.addHook('onReady', async () => {
    await ensureSchema(env);
    await migrateToLatest(database.db as never);
  });

  // Keep the raw text (the seamless-wallet HMAC is computed over it) and accept an empty body
  // as "no body": the logout and chat-token calls may send nothing. JSON nested deeper than
  // MAX_JSON_DEPTH is refused with 400 before it is parsed, on every JSON route.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    request.rawBody = text;
    if (text.trim() === '') return done(null, undefined);
    if (nestedDeeperThan(text, MAX_JSON_DEPTH))
      return done(refuse('BODY_TOO_DEEP', `JSON nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    defaultJson(request, text, done);
  });

  app.setErrorHandler(errorHandler(database, BODY_LIMIT_BYTES));

  app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Mchezo platform API', version: '1.0.0' },
      servers: [{ url: env.PUBLIC_BASE_URL }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    // Named schemas (JsonValue, recursive) as components the routes refer to.
    transformObject: jsonSchemaTransformObject,
  });

  // JSON only: Fastify's default text/plain parser would let a non-JSON body reach validation.
  app.removeContentTypeParser('text/plain');
  app.register(
    async (api) => {
      api.setNotFoundHandler((request, reply) =>
        reply
          .code(404)
          .send({ error: `No route ${request.method} ${urls.redact(request.url)}`, code: 'NOT_FOUND' }),
      );
      // Off in production unless API_DOCS_PUBLIC=true (decision 032).
      if (env.API_DOCS_PUBLIC)
        api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );

  // The modules, each one plugin (docs/decisions/067-modules-as-plugins.md), after those it needs.
  const modules = { env };
  app.register(authModule, modules);
  app.register(staffModule, modules);
  app.register(configModule, modules);
  app.register(healthModule, modules);
  app.register(chatModule, modules);
  app.register(identityModule, modules);
  app.register(saferGamblingModule, modules);
  app.register(walletModule, modules);
  app.register(financeModule, modules);
  app.register(casinoModule, { ...modules, games: deps.games, reelStops: deps.reelStops });
  app.register(amlModule, modules);
  app.register(regulatorFeedModule, modules);
  app.register(playersModule, modules);
  app.register(releaseHealthModule, modules);
  app.register(releasesModule, modules);
  app.register(metricsModule, modules);

  if (env.SIMULATOR_TEST_CONTROL && ctx.payments instanceof SimulatorPaymentProvider)
    app.register(simulatorTestRoutes, { prefix: API_PREFIX, simulator: ctx.payments, env });

  // The static site after the API, so `/` and unknown non-API paths go to the site.
  if (env.SITE_DIR) {
    const siteDir = env.SITE_DIR;
    app.register(async (root) => {
      const { versions, revisions } = root.releases;
      await root.register(sitePlugin, {
        siteDir,
        // Remote versions' files from the version store (docs/decisions/049-version-store.md).
        ...(versions.store && { readRemoteFile: versions.store.read.bind(versions.store) }),
        // What browsers get: versions failing their integrity check left out.
        currentManifest: () => revisions.served(),
        // Each page view's load ticket (docs/decisions/031-release-health-tickets.md).
        loadTickets: root.releaseHealth.tickets,
        publicConfig: buildPublicConfig(env),
        policy: { publicBaseUrl: env.PUBLIC_BASE_URL, development: env.NODE_ENV === 'development' },
        // The staff site (/staff/) on its own origin, when configured.
        staffOrigin: env.STAFF_SITE_ORIGIN,
      });
    });
  }

  // Once every module's start-up work is done: the jobs start, and the payment simulator.
  app.register(
    fp(async (root) => {
      root.addHook('onReady', async () => {
        for (const job of jobs) job.start();
        ctx.payments.start?.();
      });
    }),
  );
  // One hook, in this order: the jobs finish their round and give their leases up while the
  // database is still open, then it closes (onClose hooks run in reverse order of registration:
  // a separate hook closing the database would run first).
  app.addHook('onClose', async () => {
    await Promise.all(jobs.map((job) => job.stop()));
    await ctx.payments.close?.();
    if (ownsDatabase) await database.close();
  });

  return app;
}
