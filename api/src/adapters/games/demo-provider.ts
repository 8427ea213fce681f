import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { hmacHex, newId, signJwt, verifyJwt } from '../../lib/crypto.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { findGame } from '../../modules/casino/casino.repository.js';
import { seamlessKey, signSeamless } from '../../modules/casino/seamless.routes.js';
import type { SeamlessBalanceResponse } from '../../modules/casino/seamless.schemas.js';
import type { GameProvider } from './game-provider.js';

export const DEMO_STAKES = [10, 20, 50, 100] as const;
export const SYMBOLS = ['cherry', 'lemon', 'bell', 'star', 'diamond', 'seven'] as const;
type SymbolName = (typeof SYMBOLS)[number];
const WEIGHTS: Record<SymbolName, number> = {
  cherry: 30,
  lemon: 25,
  bell: 20,
  star: 12,
  diamond: 8,
  seven: 5,
};
const THREE_OF_A_KIND: Record<SymbolName, number> = {
  cherry: 5,
  lemon: 8,
  bell: 12,
  star: 20,
  diamond: 40,
  seven: 100,
};
const TWO_CHERRIES = 2.5;
const SESSION_TTL_SECONDS = 2 * 3600;

/** One reel stop, weighted (return to player ≈ 90 %). */
function spinReel(): SymbolName {
  let roll = randomInt(0, 100);
  for (const s of SYMBOLS) {
    roll -= WEIGHTS[s];
    if (roll < 0) return s;
  }
  return 'cherry';
}

export function payoutMultiplier(reels: SymbolName[]): number {
  const [a, b, c] = reels;
  if (a === b && b === c && a) return THREE_OF_A_KIND[a];
  return reels.filter((r) => r === 'cherry').length === 2 ? TWO_CHERRIES : 0;
}

export interface DemoSession {
  playerRef: string;
  gameId: string;
}

export interface SpinResult {
  round_id: string;
  reels: SymbolName[];
  stake: number;
  win: number;
  balance: number;
  currency: string;
}

/**
 * The built-in demo game provider. It behaves like an outside provider: it knows players only
 * by an opaque id, and moves money only through the signed seamless-wallet API (called through
 * `app.inject`, the same HTTP path an outside provider would use).
 */
export class DemoGameProvider implements GameProvider {
  readonly name = 'demo';
  private readonly launchKey: string;
  private readonly walletKey: string;

  constructor(
    private readonly ctx: AppContext,
    private readonly app: FastifyInstance,
  ) {
    this.launchKey = hmacHex(ctx.env.GAME_PROVIDER_SECRET, 'demo-launch-v1');
    this.walletKey = seamlessKey(ctx.env.GAME_PROVIDER_SECRET);
  }

  private nowSeconds(): number {
    return Math.floor(this.ctx.clock.now() / 1000);
  }

  launchUrl({ playerRef, gameId }: { playerRef: string; gameId: string }): string {
    const iat = this.nowSeconds();
    const token = signJwt(this.launchKey, {
      typ: 'launch',
      pid: playerRef,
      gid: gameId,
      iat,
      exp: iat + this.ctx.env.LAUNCH_TOKEN_TTL_SECONDS,
    });
    return `${this.ctx.env.PUBLIC_BASE_URL}/api/v1/games/demo/play?launch=${encodeURIComponent(token)}`;
  }

  private read(token: string, typ: string): DemoSession {
    const res = verifyJwt(this.launchKey, token, this.nowSeconds());
    if (!res.ok) {
      throw unauthorized(
        res.expired ? 'This game link has expired. Open the game again.' : 'Invalid game token',
        'INVALID_GAME_TOKEN',
      );
    }
    const { typ: t, pid, gid } = res.payload;
    if (t !== typ || typeof pid !== 'string' || typeof gid !== 'string')
      throw unauthorized('Invalid game token', 'INVALID_GAME_TOKEN');
    return { playerRef: pid, gameId: gid };
  }

  readLaunch(token: string): DemoSession {
    return this.read(token, 'launch');
  }

  /** Exchanges a short-lived launch token for a game session token (2 h). */
  async openSession(launchToken: string) {
    const session = this.readLaunch(launchToken);
    const game = await findGame(this.ctx.database.db, session.gameId);
    if (!game) throw new AppError(404, 'Game not found', { code: 'NOT_FOUND' });
    const iat = this.nowSeconds();
    const sessionToken = signJwt(this.launchKey, {
      typ: 'game-session',
      pid: session.playerRef,
      gid: session.gameId,
      iat,
      exp: iat + SESSION_TTL_SECONDS,
    });
    const wallet = await this.call('balance', { player_id: session.playerRef });
    return {
      session_token: sessionToken,
      game_name: game.name,
      balance: wallet.balance,
      currency: wallet.currency,
      stakes: [...DEMO_STAKES],
    };
  }

  async spin(sessionToken: string, stake: number): Promise<SpinResult> {
    const session = this.read(sessionToken, 'game-session');
    const roundId = newId();
    const common = { player_id: session.playerRef, round_id: roundId, game_id: session.gameId };
    const bet = await this.call('bet', {
      transaction_id: `demo-bet-${roundId}`,
      ...common,
      amount: stake,
      currency: 'KES',
    });
    const reels = [spinReel(), spinReel(), spinReel()];
    const win = stake * payoutMultiplier(reels);
    let balance = bet.balance;
    if (win > 0) {
      const winBody = { transaction_id: `demo-win-${roundId}`, ...common, amount: win, currency: 'KES' };
      // Wins are idempotent on their id, so retrying is safe; if they still fail, the stake is
      // rolled back rather than kept for a round the player could not be paid for.
      let lastError: unknown;
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          balance = (await this.call('win', winBody)).balance;
          lastError = undefined;
          break;
        } catch (err) {
          lastError = err;
        }
      }
      if (lastError) {
        await this.call('rollback', {
          transaction_id: `demo-rollback-${roundId}`,
          ...common,
          rolled_back_transaction_id: `demo-bet-${roundId}`,
        });
        throw lastError;
      }
    }
    return { round_id: roundId, reels, stake, win, balance, currency: bet.currency };
  }

  /** A signed call to the operator's seamless-wallet API. */
  private async call(
    op: 'balance' | 'bet' | 'win' | 'rollback',
    body: object,
  ): Promise<SeamlessBalanceResponse> {
    const raw = JSON.stringify(body);
    const ts = this.nowSeconds();
    const res = await this.app.inject({
      method: 'POST',
      url: `/api/v1/casino/seamless/${op}`,
      headers: {
        'content-type': 'application/json',
        'x-timestamp': String(ts),
        'x-signature': signSeamless(this.walletKey, ts, raw),
      },
      payload: raw,
    });
    const parsed = res.json() as SeamlessBalanceResponse & { error?: string; code?: string };
    if (res.statusCode !== 200) {
      throw new AppError(res.statusCode === 422 ? 422 : 502, parsed.error ?? 'Wallet error', {
        code: parsed.code ?? 'WALLET_ERROR',
      });
    }
    return parsed;
  }
}
