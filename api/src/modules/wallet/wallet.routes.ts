import {
  BalanceResponse,
  DepositRequest,
  DepositResponse,
  IdempotencyHeaders,
  TaxPreviewQuery,
  TaxPreviewResponse,
  TransactionParams,
  TransactionResponse,
  TransactionsQuery,
  TransactionsResponse,
  WithdrawRequest,
  WithdrawResponse,
} from '@mchezo/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authOf, errorResponses, type PreHandler } from '../../lib/http.js';
import type { GatedAction, IdentityService } from '../identity/identity.service.js';
import { paybillRoutes } from './paybill.routes.js';
import type { PaybillService } from './paybill.service.js';
import type { PaymentsService } from './payments.service.js';
import type { WalletConfig } from './wallet.config.js';
import type { WalletService } from './wallet.service.js';

const tags = ['wallet'];
const security = [{ bearer: [] }];

export const walletRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  config: WalletConfig;
  wallet: WalletService;
  payments: PaymentsService;
  paybill: PaybillService;
  identity: IdentityService;
  requireAuth: PreHandler;
}> = async (app, { ctx, config, wallet, payments, paybill, identity, requireAuth }) => {
  // Money moves only for a player whose identity is confirmed (docs/decisions/019-age-and-identity.md).
  const confirmedFor =
    (action: GatedAction): PreHandler =>
    async (request) =>
      identity.requireConfirmed(authOf(request).userId, action);
  // Paybill (C2B) deposits: the player's account number and the URLs M-Pesa calls.
  await app.register(paybillRoutes, {
    ctx,
    config,
    paybill,
    requireAuth,
    requireIdentity: confirmedFor('deposit'),
  });

  app.get(
    '/wallet/balance',
    {
      onRequest: requireAuth,
      schema: { tags, security, response: { 200: BalanceResponse, ...errorResponses(401, 403) } },
    },
    async (request) => wallet.balances(authOf(request).userId),
  );

  app.post(
    '/wallet/deposit',
    {
      onRequest: requireAuth,
      preHandler: confirmedFor('deposit'),
      schema: {
        tags,
        security,
        headers: IdempotencyHeaders,
        body: DepositRequest,
        response: { 200: DepositResponse, ...errorResponses(400, 401, 403, 422, 429) },
      },
    },
    async (request) => payments.deposit(authOf(request), request.body, request.headers['idempotency-key']),
  );

  app.post(
    '/wallet/withdraw',
    {
      onRequest: requireAuth,
      preHandler: confirmedFor('withdraw'),
      schema: {
        tags,
        security,
        headers: IdempotencyHeaders,
        body: WithdrawRequest,
        response: { 200: WithdrawResponse, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) => payments.withdraw(authOf(request), request.body, request.headers['idempotency-key']),
  );

  app.get(
    '/wallet/transactions',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        querystring: TransactionsQuery,
        response: { 200: TransactionsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => wallet.list(authOf(request).userId, request.query),
  );

  app.get(
    '/wallet/tax-preview',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        querystring: TaxPreviewQuery,
        response: { 200: TaxPreviewResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => wallet.taxPreview(request.query),
  );

  app.get(
    '/wallet/transactions/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        params: TransactionParams,
        response: { 200: TransactionResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ transaction: await wallet.get(authOf(request).userId, request.params.id) }),
  );
};
