import {
  BalanceResponse,
  DepositRequest,
  DepositResponse,
  TransactionParams,
  TransactionResponse,
  TransactionsQuery,
  TransactionsResponse,
  WithdrawRequest,
  WithdrawResponse,
} from '@mchezo/contracts/wallet';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authOf, errorResponses, type PreHandler } from '../../lib/http.js';
import type { WalletPots } from '../auth/auth.repository.js';
import type { AuthenticatedUser, AuthService } from '../auth/auth.service.js';
import type { WalletService } from './wallet.service.js';

const tags = ['wallet'];
const security = [{ bearer: [] }];
/** Documented for OpenAPI; other headers pass through untouched. */
const IdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe('Same key, same request: the money moves once and the first answer is repeated.'),
});

export const walletRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  wallet: WalletService;
  auth: AuthService;
  requireAuth: PreHandler;
}> = async (app, { wallet, auth, requireAuth }) => {
  // The session check and the pots are one query here, so this route authenticates in its
  // handler rather than in the onRequest hook of the others. On SQLite that query answers at
  // once and so does the handler (Fastify sends a plain return value, or a thrown error, the
  // same way as an async handler's result, without the promise and microtask hops).
  const balances = (request: FastifyRequest, session: { user: AuthenticatedUser; wallet: WalletPots }) => {
    request.auth = session.user;
    return wallet.balances(session.wallet);
  };
  app.get(
    '/wallet/balance',
    { schema: { tags, security, response: { 200: BalanceResponse, ...errorResponses(401, 403) } } },
    (request) => {
      const session = auth.authenticateWithWallet(request.headers.authorization);
      return session instanceof Promise
        ? session.then((s) => balances(request, s))
        : balances(request, session);
    },
  );

  app.post(
    '/wallet/deposit',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        headers: IdempotencyHeaders,
        body: DepositRequest,
        response: { 200: DepositResponse, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) =>
      wallet.deposit(authOf(request).userId, request.body, request.headers['idempotency-key']),
  );

  app.post(
    '/wallet/withdraw',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        headers: IdempotencyHeaders,
        body: WithdrawRequest,
        response: { 200: WithdrawResponse, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) =>
      wallet.withdraw(authOf(request).userId, request.body, request.headers['idempotency-key']),
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
