/**
 * Wallet and finance: balances, mobile money and its settlement, Paybill, the operators' review,
 * taxes, manual adjustments with four eyes and the finance report (docs/decisions/055), and the
 * reconciliation of payments left pending.
 */
import { apiModule } from '../../lib/api-module.js';
import { API_PREFIX } from '../../lib/api-prefix.js';
import { staffOf } from '../staff/staff.guard.js';
import { AdjustmentService } from './adjustments.service.js';
import { paymentCallbackRoutes } from './callbacks.routes.js';
import { financeRoutes } from './finance.routes.js';
import { FinanceReportService } from './finance-report.service.js';
import { PaybillService } from './paybill.service.js';
import { PaymentsService } from './payments.service.js';
import { Reconciler } from './reconcile.js';
import { reviewRoutes } from './review.routes.js';
import { ReviewService } from './review.service.js';
import { SettlementService } from './settlement.service.js';
import { TaxRatesService } from './tax-rates.service.js';
import { TaxReportService } from './tax-report.service.js';
import { walletRoutes } from './wallet.routes.js';
import { WalletService } from './wallet.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletService;
    /** Settles the payment providers' callbacks (the simulator calls it in-process). */
    settlement: SettlementService;
    reconciler: Reconciler;
  }
}

export const walletModule = apiModule(
  { name: 'wallet', dependencies: ['auth', 'staff', 'identity', 'safer-gambling'] },
  async (app) => {
    const ctx = app.ctx;
    const wallet = new WalletService(ctx);
    const settlement = new SettlementService(ctx);
    const reconciler = new Reconciler(ctx, settlement);
    const paybill = new PaybillService(ctx);
    const taxRates = new TaxRatesService(ctx);
    const payments = new PaymentsService(ctx, settlement, (trx, userId, amount) =>
      app.safer.assertCanDeposit(trx, userId, amount),
    );
    app.decorate('wallet', wallet);
    app.decorate('settlement', settlement);
    app.decorate('reconciler', reconciler);
    app.jobs.push(reconciler.job);
    app.addHook('onReady', () => taxRates.seedFromEnvironment());

    await app.register(walletRoutes, {
      prefix: API_PREFIX,
      ctx,
      wallet,
      payments,
      paybill,
      identity: app.identity,
      requireAuth: app.requireAuth,
    });
    await app.register(paymentCallbackRoutes, { prefix: API_PREFIX, ctx, settlement });
    await app.register(reviewRoutes, {
      prefix: API_PREFIX,
      review: new ReviewService(ctx),
      paybill,
      taxReport: new TaxReportService(ctx),
      taxRates,
      requireStaff: app.requireStaff,
      staffOf,
    });
    await app.register(financeRoutes, {
      prefix: API_PREFIX,
      adjustments: new AdjustmentService(ctx, app.staff.audit, app.staff.fourEyes),
      report: new FinanceReportService(ctx),
      requireStaff: app.requireStaff,
      staffOf,
    });
  },
);
