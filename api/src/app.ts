import swagger from '@fastify/swagger';
import { addSecurityHeaders } from '@mchezo/site/security-headers';
import { sitePlugin } from '@mchezo/site/site.plugin';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { demoGameRoutes } from './adapters/games/demo-provider.routes.js';
import { createIdentityChecker } from './adapters/identity/create-identity-checker.js';
import type { IdentityChecker } from './adapters/identity/identity-checker.js';
import { createPaymentProvider } from './adapters/payments/create-payment-provider.js';
import type { PaymentProvider } from './adapters/payments/payment-provider.js';
import { SimulatorPaymentProvider } from './adapters/payments/simulator.js';
import { simulatorTestRoutes } from './adapters/payments/simulator.routes.js';
import { createSmsSender } from './adapters/sms/create-sms-sender.js';
import type { SmsSender } from './adapters/sms/sms-sender.js';
import { buildServices, type ServiceDeps } from './composition.js';
import type { AppContext } from './context.js';
import {
  createDatabase,
  type Database,
  ensureSchema,
  isDatabaseUnavailable,
  isStatementTimeout,
  isStorageFull,
} from './db/database.js';
import { migrateToLatest } from './db/migrations.js';
import type { Env } from './env.js';
import { AppError, badRequest, schemaRefusal, serviceUnavailable } from './lib/errors.js';
import type { PreHandler } from './lib/http.js';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './lib/json-depth.js';
import { frameworkErrors, UrlRedactor } from './lib/redact.js';
import { loggerOptions, RequestLogController } from './lib/request-log.js';
import { serializerCompiler } from './lib/serializer.js';
import { type Clock, systemClock } from './lib/time.js';
import { amlRoutes } from './modules/aml/aml.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { grantConfiguredManagers } from './modules/auth/roles.service.js';
import { casinoRoutes } from './modules/casino/casino.routes.js';
import { seedGames } from './modules/casino/casino.service.js';
import { seamlessRoutes } from './modules/casino/seamless.routes.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { configRoutes } from './modules/config/config.routes.js';
import { buildPublicConfig } from './modules/config/config.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { identityRoutes } from './modules/identity/identity.routes.js';
import { identityReviewRoutes } from './modules/identity/identity-review.routes.js';
import { metricsRoutes } from './modules/metrics/metrics.routes.js';
import { playersRoutes } from './modules/players/players.routes.js';
import { feedParkedRoutes } from './modules/regulator-feed/feed-parked.routes.js';
import { feedReplayRoutes } from './modules/regulator-feed/feed-replay.routes.js';
import { regulatorFeedRoutes } from './modules/regulator-feed/regulator-feed.routes.js';
import type { RegulatorFeedService } from './modules/regulator-feed/regulator-feed.service.js';
import { releaseHealthRoutes } from './modules/release-health/release-health.routes.js';
import type { CanaryGuard } from './modules/releases/canary-guard.service.js';
import { deployKeyRefused, deployKeyToken } from './modules/releases/deploy-keys.service.js';
import { healthHistoryRoutes } from './modules/releases/health-history.routes.js';
import { releasesRoutes } from './modules/releases/releases.routes.js';
import { syncWithBuilds } from './modules/releases/startup-sync.js';
import { saferGamblingRoutes } from './modules/safer-gambling/safer-gambling.routes.js';
import { selfExclusionRegisterRoutes } from './modules/safer-gambling/self-exclusion-register.routes.js';
import { staffGuard, staffOf } from './modules/staff/staff.guard.js';
import { staffRoutes } from './modules/staff/staff.routes.js';
import { paymentCallbackRoutes } from './modules/wallet/callbacks.routes.js';
import { financeRoutes } from './modules/wallet/finance.routes.js';
import type { Reconciler } from './modules/wallet/reconcile.js';
import { reviewRoutes } from './modules/wallet/review.routes.js';
import type { SettlementService } from './modules/wallet/settlement.service.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';

const API_PREFIX = '/api/v1';
/** JSON bodies of this API are small; anything bigger is refused with 413 before parsing. */
const BODY_LIMIT_BYTES = 16 * 1024;

export interface AppDeps extends ServiceDeps {
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

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    settlement: SettlementService;
    reconciler: Reconciler;
    canaryGuard: CanaryGuard;
    regulatorFeed: RegulatorFeedService;
  }
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
      // `settlement` is made below from this context; the simulator settles only after a request.
      createPaymentProvider(env, (kind, body) => settlement.settleCallback(kind, body), {
        database,
        clock,
        log: app.log,
      }),
    identity: deps.identity ?? createIdentityChecker(env),
  };
  // Every service, built once (composition.ts); `settlement` is the one the provider above calls.
  const services = buildServices(ctx, app, deps);
  const { auth, settlement, identity, safer, games, revisions, versions, integrity, releaseHealth, jobs } =
    services;
  app.decorate('ctx', ctx);
  app.decorate('settlement', settlement);
  app.decorate('reconciler', services.reconciler);
  app.decorate('canaryGuard', services.canaryGuard);
  app.decorate('regulatorFeed', services.regulatorFeed);
  app.decorateRequest('auth', null);
  // Every request counted by its route's template (docs/decisions/044-metrics.md).
  services.metrics.observe(app);

  const requireAuth: PreHandler = async (request) => {
    // A team's deploy key is no person's session: only publish and canary take one (releases.routes.ts).
    if (deployKeyToken(request.headers.authorization)) throw deployKeyRefused();
    request.auth = await auth.authenticate(request.headers.authorization);
  };
  // Every staff route's guard: a two-factor staff session holding the role (docs/decisions/052);
  // a player's token, even with the role, gets 403 SECOND_FACTOR_REQUIRED.
  const requireStaff = staffGuard(services.staff, requireAuth);

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
      return done(badRequest(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`, 'BODY_TOO_DEEP'), undefined);
    defaultJson(request, text, done);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const refused = schemaRefusal(error.validation);
      if (refused) return reply.code(refused.statusCode).send(refused.toBody());
      const where = error.validationContext ?? 'body';
      const issues = error.validation.map((v) => ({
        path: `${where}${v.instancePath === '/' ? '' : v.instancePath.replaceAll('/', '.')}`,
        message: v.message ?? 'invalid',
      }));
      const first = issues[0];
      return reply.code(400).send({
        error: first ? `Invalid input: ${first.path}: ${first.message}` : 'Invalid input',
        code: 'VALIDATION_ERROR',
        issues,
      });
    }
    // The database is away (restarting, say): 503 with Retry-After, never a 500; the pool
    // reconnects on its own once it is back (docs/decisions/035-surviving-faults.md).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { message: error.message, code: error.code } }, 'database unavailable');
      const unavailable = serviceUnavailable();
      return reply.code(503).headers(unavailable.headers).send(unavailable.toBody());
    }
    // No room left for a write: 503 until there is, and readiness says so meanwhile
    // (docs/decisions/064-storage-and-timeouts.md).
    if (isStorageFull(error)) {
      database.storage.noteFull(error);
      request.log.error({ err: { message: error.message, code: error.code } }, 'database storage full');
      const full = serviceUnavailable(
        'The service cannot save anything right now. Try again later.',
        'STORAGE_FULL',
        30,
      );
      return reply.code(503).headers(full.headers).send(full.toBody());
    }
    // A statement that ran out of DATABASE_STATEMENT_TIMEOUT_MS (a lock held, a paused server).
    if (isStatementTimeout(error)) {
      request.log.warn({ err: { message: error.message, code: error.code } }, 'database statement timed out');
      const late = serviceUnavailable('The service is busy. Try again in a moment.', 'DATABASE_TIMEOUT', 2);
      return reply.code(503).headers(late.headers).send(late.toBody());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const messages: Record<string, string> = {
        FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
        FST_ERR_CTP_EMPTY_JSON_BODY: 'Empty JSON body',
        FST_ERR_CTP_BODY_TOO_LARGE: `Request body too large (limit ${BODY_LIMIT_BYTES} bytes)`,
        FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
        FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length',
      };
      const message =
        (error.code && messages[error.code]) ||
        (error instanceof SyntaxError ? 'Malformed JSON body' : error.message);
      return reply.code(status).send({ error: message, code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'Internal server error', code: 'INTERNAL' });
  });

  app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Mchezo platform API', version: '1.0.0' },
      servers: [{ url: env.PUBLIC_BASE_URL }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  app.register(
    async (api) => {
      // JSON only: Fastify's default text/plain parser would let a non-JSON body reach validation.
      api.removeContentTypeParser('text/plain');
      api.setNotFoundHandler((request, reply) =>
        reply
          .code(404)
          .send({ error: `No route ${request.method} ${urls.redact(request.url)}`, code: 'NOT_FOUND' }),
      );
      // Off in production unless API_DOCS_PUBLIC=true (decision 032).
      if (env.API_DOCS_PUBLIC)
        api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes, { ctx, requireStaff });
      await api.register(configRoutes, { ctx });
      await api.register(authRoutes, { ctx, auth, limiter: services.limiter, requireAuth });
      await api.register(chatRoutes, { ctx, requireAuth });
      await api.register(identityRoutes, { identity, requireAuth });
      await api.register(casinoRoutes, { casino: services.casino, identity, safer, requireAuth });
      const { wallet, payments, paybill, review, taxReport, taxRates } = services;
      await api.register(walletRoutes, { ctx, wallet, payments, paybill, identity, requireAuth });
      await api.register(paymentCallbackRoutes, { ctx, settlement });
      await api.register(reviewRoutes, {
        review,
        paybill,
        taxReport,
        taxRates,
        requireStaff,
        staffOf,
      });
      await api.register(seamlessRoutes, { ctx, wallet: services.gameWallet, identity, safer });
      await api.register(demoGameRoutes, { ctx, games });
      await api.register(saferGamblingRoutes, { safer, requireAuth });
      await api.register(amlRoutes, { aml: services.aml, requireStaff, staffOf });
      await api.register(regulatorFeedRoutes, { feed: services.regulatorFeed, requireStaff, staffOf });
      await api.register(releasesRoutes, {
        ctx,
        revisions,
        versions,
        overrides: services.overrides,
        deployKeys: services.deployKeys,
        integrity,
        canaryGuard: services.canaryGuard,
        loadTickets: releaseHealth.tickets,
        requireStaff,
        staffOf,
      });
      await api.register(releaseHealthRoutes, { health: releaseHealth, requireStaff });
      await api.register(healthHistoryRoutes, {
        history: services.healthHistory,
        requireReleaseManager: requireStaff('release_manager'),
      });
      await api.register(staffRoutes, { staff: services.staff, limiter: services.limiter, requireAuth });
      await api.register(playersRoutes, {
        players: services.players,
        requireStaff: staffGuard(services.staff, requireAuth),
        staffOf,
      });
      await api.register(financeRoutes, {
        adjustments: services.adjustments,
        report: services.financeReport,
        requireStaff: staffGuard(services.staff, requireAuth),
        staffOf,
      });
      // Compliance's identity queue and self-exclusion register (issue 30 item 4).
      await api.register(identityReviewRoutes, {
        review: services.identityReview,
        requireStaff: staffGuard(services.staff, requireAuth),
        staffOf,
      });
      await api.register(selfExclusionRegisterRoutes, {
        register: services.selfExclusions,
        requireStaff: staffGuard(services.staff, requireAuth),
      });
      await api.register(feedReplayRoutes, {
        replays: services.feedReplays,
        requireStaff: staffGuard(services.staff, requireAuth),
        staffOf,
      });
      await api.register(feedParkedRoutes, {
        parked: services.feedParked,
        requireStaff: staffGuard(services.staff, requireAuth),
        staffOf,
      });
      if (env.SIMULATOR_TEST_CONTROL && ctx.payments instanceof SimulatorPaymentProvider)
        await api.register(simulatorTestRoutes, { simulator: ctx.payments, env });
    },
    { prefix: API_PREFIX },
  );

  // Operators' Prometheus metrics, outside /api/v1, before the site's catch-all (decision 044).
  app.register(metricsRoutes, { ctx, metrics: services.metrics });

  // The static site after the API, so `/` and unknown non-API paths go to the site.
  if (env.SITE_DIR)
    app.register(sitePlugin, {
      siteDir: env.SITE_DIR,
      // Remote versions' files from the version store (docs/decisions/049-version-store.md).
      ...(versions.store && { readRemoteFile: versions.store.read.bind(versions.store) }),
      // What browsers get: versions failing their integrity check left out.
      currentManifest: () => revisions.served(),
      // Each page view's load ticket (docs/decisions/031-release-health-tickets.md).
      loadTickets: releaseHealth.tickets,
      publicConfig: buildPublicConfig(env),
      policy: { publicBaseUrl: env.PUBLIC_BASE_URL, development: env.NODE_ENV === 'development' },
      // The staff site (/staff/) on its own origin, when configured.
      staffOrigin: env.STAFF_SITE_ORIGIN,
    });

  app.addHook('onReady', async () => {
    await ensureSchema(env);
    await migrateToLatest(database.db as never);
    await services.taxRates.seedFromEnvironment();
    await seedGames(ctx);
    await grantConfiguredManagers(ctx);
    await syncWithBuilds(ctx, revisions, versions);
    await integrity.runOnce();
    for (const job of jobs) job.start();
    ctx.payments.start?.();
  });
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
