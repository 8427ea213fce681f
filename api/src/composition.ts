/**
 * The composition root (docs/decisions/036-one-composition-root-and-job-runner.md): every service
 * of the API is built here, once, from the app's context; app.ts hands them to the route plugins
 * as options (a plugin never builds one) and starts and stops the background jobs.
 */
import type { FastifyInstance } from 'fastify';
import { DemoGameProvider, type ReelStops } from './adapters/games/demo-provider.js';
import { reelStopsFor } from './adapters/games/demo-reels.js';
import type { GameProvider } from './adapters/games/game-provider.js';
import type { AppContext } from './context.js';
import type { Job } from './lib/job-runner.js';
import { AmlCaseService } from './modules/aml/aml-cases.service.js';
import { AmlMonitor } from './modules/aml/aml-monitor.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import { PlayerAccountsService } from './modules/auth/player-accounts.service.js';
import { RateLimiter } from './modules/auth/rate-limit.js';
import { CasinoService, enabledGameName } from './modules/casino/casino.service.js';
import { IdentityService } from './modules/identity/identity.service.js';
import { IdentityReviewService } from './modules/identity/identity-review.service.js';
import { MetricsService } from './modules/metrics/metrics.service.js';
import { PlayersService } from './modules/players/players.service.js';
import { FeedParkedService } from './modules/regulator-feed/feed-parked.service.js';
import { FeedReplayService } from './modules/regulator-feed/feed-replay.service.js';
import { RegulatorFeedService } from './modules/regulator-feed/regulator-feed.service.js';
import { ReleaseHealthService } from './modules/release-health/release-health.service.js';
import { CanaryGuard } from './modules/releases/canary-guard.service.js';
import { DeployKeyService } from './modules/releases/deploy-keys.service.js';
import { HealthHistory } from './modules/releases/health-history.service.js';
import { IntegrityMonitor } from './modules/releases/integrity.service.js';
import { OverrideService } from './modules/releases/overrides.service.js';
import { RevisionService } from './modules/releases/revisions.service.js';
import { versionStoreFrom } from './modules/releases/version-store.js';
import { VersionService } from './modules/releases/versions.service.js';
import { PlayerLimitsService } from './modules/safer-gambling/player-limits.service.js';
import { SaferGamblingService } from './modules/safer-gambling/safer-gambling.service.js';
import { SelfExclusionRegister } from './modules/safer-gambling/self-exclusion-register.service.js';
import { FourEyesService } from './modules/staff/four-eyes.service.js';
import { StaffService } from './modules/staff/staff.service.js';
import { WalletActivityService } from './modules/wallet/activity.service.js';
import { AdjustmentService } from './modules/wallet/adjustments.service.js';
import { FinanceReportService } from './modules/wallet/finance-report.service.js';
import { GameWalletService } from './modules/wallet/game-wallet.service.js';
import { PaybillService } from './modules/wallet/paybill.service.js';
import { PaymentsService } from './modules/wallet/payments.service.js';
import { PlayerMoneyService } from './modules/wallet/player-money.service.js';
import { Reconciler } from './modules/wallet/reconcile.js';
import { ReviewService } from './modules/wallet/review.service.js';
import { SettlementService } from './modules/wallet/settlement.service.js';
import { TaxRatesService } from './modules/wallet/tax-rates.service.js';
import { TaxReportService } from './modules/wallet/tax-report.service.js';
import { WalletService } from './modules/wallet/wallet.service.js';

/** A background job as the app sees it: started once the database is migrated, stopped before it closes. */
type BackgroundJob = Pick<Job<unknown>, 'name' | 'start' | 'stop'>;

export interface ServiceDeps {
  /** A game provider other than the built-in demo (tests). */
  games?: GameProvider;
  /** The demo game's reel stops (tests script them); otherwise crypto, or DEMO_GAME_SEED's. */
  reelStops?: ReelStops;
}

/** Builds every service once; `app` is the demo game provider's (it calls the seamless wallet in-process). */
export function buildServices(ctx: AppContext, app: FastifyInstance, deps: ServiceDeps = {}) {
  const settlement = new SettlementService(ctx);
  const safer = new SaferGamblingService(ctx, new WalletActivityService(ctx));
  const games =
    deps.games ??
    new DemoGameProvider(ctx, app, deps.reelStops ?? reelStopsFor(ctx.env), (id) => enabledGameName(ctx, id));
  // Published versions' files: a folder or the database (docs/decisions/049-version-store.md).
  const versions = new VersionService(ctx, versionStoreFrom(ctx.env, ctx.database));
  const revisions = new RevisionService(ctx, versions);
  const integrity = new IntegrityMonitor(ctx, () => revisions.current(), versions);
  const releaseHealth = new ReleaseHealthService(
    ctx,
    () => revisions.current(),
    () => integrity.status(),
  );
  const reconciler = new Reconciler(ctx, settlement);
  const canaryGuard = new CanaryGuard(ctx, revisions, releaseHealth);
  // The regulator's real-time feed: delivery of its outbox (docs/decisions/042).
  const regulatorFeed = new RegulatorFeedService(ctx);
  const jobs: BackgroundJob[] = [reconciler.job, integrity.job, canaryGuard.job, regulatorFeed.job];
  // Money-laundering monitoring: its own cursor over the money events (docs/decisions/043).
  const amlMonitor = new AmlMonitor(ctx);
  jobs.push(amlMonitor.job);
  const wallet = new WalletService(ctx);
  const auth = new AuthService(ctx);
  const limiter = new RateLimiter(ctx);
  // Four eyes means two people (docs/decisions/061): the one check of every four-eyes decision,
  // a finance or admin grant's confirmation too (docs/decisions/065).
  const fourEyes = new FourEyesService(new IdentityService(ctx));
  const staff = new StaffService(ctx, auth, limiter, fourEyes.check);
  const aml = new AmlCaseService(ctx, fourEyes.check);
  return {
    auth,
    limiter,
    // Staff accounts: roles, two factors, staff sessions, the staff audit (docs/decisions/052).
    staff,
    identity: new IdentityService(ctx),
    // The support desk's view of players (issue 30 item 2), read through each owning module.
    players: new PlayersService(ctx, {
      accounts: new PlayerAccountsService(ctx),
      identity: new IdentityService(ctx),
      limits: new PlayerLimitsService(ctx),
      money: new PlayerMoneyService(ctx),
      audit: (trx, e) => staff.audit.record(trx, e),
      endStaffSessions: (trx, userId, reason, by, now) =>
        staff.sessions.endAllOf(trx, userId, reason, by, now),
    }),
    // Wallet: balances, mobile money and its settlement, Paybill, the operators' review.
    wallet,
    settlement,
    payments: new PaymentsService(ctx, settlement, (trx, userId, amount) =>
      safer.assertCanDeposit(trx, userId, amount),
    ),
    paybill: new PaybillService(ctx),
    review: new ReviewService(ctx),
    taxReport: new TaxReportService(ctx),
    taxRates: new TaxRatesService(ctx),
    // Finance: manual adjustments with four eyes and the finance report (docs/decisions/055).
    adjustments: new AdjustmentService(ctx, (trx, e) => staff.audit.record(trx, e), fourEyes.check),
    financeReport: new FinanceReportService(ctx),
    reconciler,
    safer,
    // Casino: the catalogue and game links, the seamless wallet game providers call.
    games,
    casino: new CasinoService(ctx, games),
    gameWallet: new GameWalletService(ctx, (trx, userId, amount) =>
      safer.assertCanStake(trx, userId, amount),
    ),
    // Releases and their health.
    versions,
    revisions,
    overrides: new OverrideService(ctx, revisions, versions),
    deployKeys: new DeployKeyService(ctx),
    integrity,
    releaseHealth,
    // One remote's health over time and the canary's events (GET /releases/health/history).
    healthHistory: new HealthHistory(ctx, releaseHealth, revisions),
    canaryGuard,
    regulatorFeed,
    amlMonitor,
    aml,
    // Compliance's identity queue and self-exclusion register (issue 30 item 4).
    identityReview: new IdentityReviewService(ctx, (trx, e) => staff.audit.record(trx, e)),
    selfExclusions: new SelfExclusionRegister(ctx),
    feedReplays: new FeedReplayService(ctx, (trx, e) => staff.audit.record(trx, e)),
    feedParked: new FeedParkedService(ctx, (trx, e) => staff.audit.record(trx, e)),
    // Prometheus metrics, read at each scrape through the modules above (docs/decisions/044).
    metrics: new MetricsService(ctx, { feed: regulatorFeed, aml, wallet }),
    jobs,
  };
}
