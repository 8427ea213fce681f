/**
 * Finance, the operators' side of money (docs/decisions/069-finance-one-module.md), every route
 * under `/api/v1/finance/` for the finance role: the review queue and its audit, the
 * reconciliation of payments left pending, Paybill suspense, taxes (rates by date, the report),
 * manual adjustments with four eyes and the finance report (docs/decisions/055). It reads and
 * books through the wallet module's ledger; the wallet never calls it.
 */
import { apiModule } from '../../lib/api-module.js';
import { API_PREFIX } from '../../lib/api-prefix.js';
import { staffOf } from '../staff/staff.guard.js';
import { AdjustmentService } from './adjustments.service.js';
import { FinanceConfig } from './finance.config.js';
import { financeRoutes } from './finance.routes.js';
import { FinanceReportService } from './finance-report.service.js';
import { PaybillSuspenseService } from './paybill-suspense.service.js';
import { Reconciler } from './reconciliation.service.js';
import { reviewRoutes } from './review.routes.js';
import { ReviewService } from './review.service.js';
import { TaxRatesService } from './tax-rates.service.js';
import { TaxReportService } from './tax-report.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    reconciler: Reconciler;
  }
}

export const financeModule = apiModule(
  { name: 'finance', dependencies: ['staff', 'wallet'], config: FinanceConfig },
  async (app, config) => {
    const ctx = app.ctx;
    const reconciler = new Reconciler(ctx, config, app.settlement);
    const taxRates = new TaxRatesService(ctx, config, app.staff.audit);
    app.decorate('reconciler', reconciler);
    app.jobs.push(reconciler.job);
    app.addHook('onReady', () => taxRates.seedFromEnvironment());

    await app.register(reviewRoutes, {
      prefix: API_PREFIX,
      review: new ReviewService(ctx, config, app.staff.audit),
      paybill: new PaybillSuspenseService(ctx, app.paybill, app.staff.audit),
      taxReport: new TaxReportService(ctx, config),
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
