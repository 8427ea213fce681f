import {
  SEAMLESS_MAX_SKEW_SECONDS,
  SeamlessBalanceRequest,
  SeamlessBalanceResponse,
  SeamlessMoneyRequest,
  SeamlessRollbackRequest,
  SeamlessSessionRequest,
} from '@mchezo/contracts/casino';
import { fromCents, toCents } from '@mchezo/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { safeEqual } from '../../lib/crypto.js';
import { notFound, refuse } from '../../lib/errors.js';
import { errorResponses } from '../../lib/http.js';
import {
  SEAMLESS_SIGNATURE_HEADER,
  SEAMLESS_TIMESTAMP_HEADER,
  seamlessKey,
  signSeamless,
} from '../../lib/seamless-signature.js';
import type { IdentityService } from '../identity/identity.service.js';
import type { SaferGamblingService } from '../safer-gambling/safer-gambling.service.js';
import type { GameWalletService, WalletRow } from '../wallet/game-wallet.service.js';
import type { CasinoConfig } from './casino.config.js';
import { consumeLaunch, findUserByPlayerRef } from './casino.repository.js';

const tags = ['seamless-wallet'];
/** 401 INVALID_SIGNATURE, with the code as its `reason` too, as every 401 of the API carries one. */
const badSignature = (message: string) =>
  refuse('INVALID_SIGNATURE', message, { reason: 'INVALID_SIGNATURE' });
const errors = errorResponses(400, 401, 403, 404, 409, 422);

export const seamlessRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  config: CasinoConfig;
  wallet: GameWalletService;
  identity: IdentityService;
  safer: SaferGamblingService;
}> = async (app, { ctx, config, wallet, identity, safer }) => {
  const key = seamlessKey(config.GAME_PROVIDER_SECRET);

  // Signature check runs before body validation, so an unsigned caller learns nothing.
  app.addHook('preValidation', async (request) => {
    const signature = request.headers[SEAMLESS_SIGNATURE_HEADER];
    const timestamp = Number(request.headers[SEAMLESS_TIMESTAMP_HEADER]);
    if (typeof signature !== 'string' || !Number.isInteger(timestamp)) {
      throw badSignature('Missing request signature');
    }
    if (Math.abs(Math.floor(ctx.clock.now() / 1000) - timestamp) > SEAMLESS_MAX_SKEW_SECONDS) {
      throw badSignature('Request timestamp outside the allowed window');
    }
    if (!safeEqual(signature, signSeamless(key, timestamp, request.rawBody ?? ''))) {
      throw badSignature('Invalid request signature');
    }
  });

  async function player(playerId: string): Promise<string> {
    const user = await findUserByPlayerRef(ctx.database.db, playerId);
    if (!user) throw notFound('Player not found');
    if (user.status !== 'active') throw refuse('PLAYER_BLOCKED', 'Player is not allowed to play');
    return user.id;
  }
  const answer = (w: WalletRow, transactionId?: string): SeamlessBalanceResponse => ({
    balance: fromCents(w.main + w.withdrawal + w.bonus),
    currency: w.currency,
    ...(transactionId ? { transaction_id: transactionId } : {}),
  });
  const checkCurrency = (w: WalletRow, currency: string) => {
    if (currency !== w.currency) throw refuse('CURRENCY_MISMATCH', `Wallet currency is ${w.currency}`);
  };

  app.post(
    '/casino/seamless/balance',
    { schema: { tags, body: SeamlessBalanceRequest, response: { 200: SeamlessBalanceResponse, ...errors } } },
    async (request) => answer(await wallet.balance(await player(request.body.player_id))),
  );

  app.post(
    '/casino/seamless/session',
    { schema: { tags, body: SeamlessSessionRequest, response: { 200: SeamlessBalanceResponse, ...errors } } },
    async (request) => {
      const b = request.body;
      const userId = await player(b.player_id);
      // Checked when the session opens, not only when the link was made: a time-out or
      // self-exclusion taken since closes the game (docs/decisions/020-safer-gambling.md).
      await identity.requireConfirmed(userId, 'play');
      await safer.assertCanPlay(userId);
      const launch = { id: b.launch_id, userId, gameId: b.game_id };
      if (!(await consumeLaunch(ctx.database.db, launch, ctx.clock.now())))
        throw refuse('LAUNCH_USED', 'This game link was already used or has expired. Open the game again.');
      return answer(await wallet.balance(userId));
    },
  );

  app.post(
    '/casino/seamless/bet',
    { schema: { tags, body: SeamlessMoneyRequest, response: { 200: SeamlessBalanceResponse, ...errors } } },
    async (request) => {
      const b = request.body;
      const userId = await player(b.player_id);
      // A stake needs a confirmed identity (docs/decisions/019-age-and-identity.md); wins and
      // rollbacks of earlier stakes are always accepted.
      await identity.requireConfirmed(userId, 'play');
      await safer.assertCanPlay(userId);
      checkCurrency(await wallet.balance(userId), b.currency);
      if (b.amount <= 0) throw refuse('INVALID_AMOUNT', 'A bet must be greater than 0');
      // Gambling Control Act 2025: no stake below the minimum (MIN_STAKE_KES); nothing moves.
      if (toCents(b.amount) < config.MIN_STAKE_KES * 100)
        throw refuse('BELOW_MINIMUM_STAKE', `The minimum stake is KSh ${config.MIN_STAKE_KES}`);
      const w = await wallet.bet({
        userId,
        providerTxId: b.transaction_id,
        roundId: b.round_id,
        gameId: b.game_id,
        amount: toCents(b.amount),
      });
      return answer(w, b.transaction_id);
    },
  );

  app.post(
    '/casino/seamless/win',
    { schema: { tags, body: SeamlessMoneyRequest, response: { 200: SeamlessBalanceResponse, ...errors } } },
    async (request) => {
      const b = request.body;
      // A win is paid even if the player was suspended mid-round: the money is theirs.
      const user = await findUserByPlayerRef(ctx.database.db, b.player_id);
      if (!user) throw notFound('Player not found');
      checkCurrency(await wallet.balance(user.id), b.currency);
      const w = await wallet.win({
        userId: user.id,
        providerTxId: b.transaction_id,
        roundId: b.round_id,
        gameId: b.game_id,
        amount: toCents(b.amount),
      });
      return answer(w, b.transaction_id);
    },
  );

  app.post(
    '/casino/seamless/rollback',
    {
      schema: { tags, body: SeamlessRollbackRequest, response: { 200: SeamlessBalanceResponse, ...errors } },
    },
    async (request) => {
      const b = request.body;
      const user = await findUserByPlayerRef(ctx.database.db, b.player_id);
      if (!user) throw notFound('Player not found');
      const w = await wallet.rollback({
        userId: user.id,
        providerTxId: b.transaction_id,
        roundId: b.round_id,
        gameId: b.game_id,
        rolledBackTxId: b.rolled_back_transaction_id,
      });
      return answer(w, b.transaction_id);
    },
  );
};
