/**
 * The player's wallet: balances, mobile-money deposits and withdrawals, Paybill deposits, and
 * the settlement of the providers' callbacks. The operators' side of money (review, taxes,
 * adjustments, reconciliation) is modules/finance, which books through this module's ledger.
 */
import { apiModule } from '../../lib/api-module.js';
import { API_PREFIX } from '../../lib/api-prefix.js';
import { paymentCallbackRoutes } from './callbacks.routes.js';
import { PaybillService } from './paybill.service.js';
import { PaymentsService } from './payments.service.js';
import { SettlementService } from './settlement.service.js';
import { WalletConfig } from './wallet.config.js';
import { walletRoutes } from './wallet.routes.js';
import { WalletService } from './wallet.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletService;
    /** Settles the payment providers' callbacks (the simulator calls it in-process). */
    settlement: SettlementService;
    /** Paybill deposits: finance credits a payment from suspense through it. */
    paybill: PaybillService;
  }
}

export const walletModule = apiModule(
  { name: 'wallet', dependencies: ['auth', 'identity', 'safer-gambling'], config: WalletConfig },
  async (app, config) => {
    const ctx = app.ctx;
    const wallet = new WalletService(ctx, config);
    const settlement = new SettlementService(ctx);
    const paybill = new PaybillService(ctx, config);
    const payments = new PaymentsService(ctx, config, settlement, (trx, userId, amount) =>
      app.safer.assertCanDeposit(trx, userId, amount),
    );
    app.decorate('wallet', wallet);
    app.decorate('settlement', settlement);
    app.decorate('paybill', paybill);

    await app.register(walletRoutes, {
      prefix: API_PREFIX,
      ctx,
      config,
      wallet,
      payments,
      paybill,
      identity: app.identity,
      requireAuth: app.requireAuth,
    });
    await app.register(paymentCallbackRoutes, { prefix: API_PREFIX, ctx, config, settlement });
  },
);
