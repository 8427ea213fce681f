import type { SeamlessBalanceResponse } from '@mchezo/contracts/casino';
import type { ErrorResponse } from '@mchezo/contracts/errors';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { hmacHex, newId, signToken, tokenKey, verifyToken } from '../../lib/crypto.js';
import { AppError, refuse } from '../../lib/errors.js';
import {
  SEAMLESS_SIGNATURE_HEADER,
  SEAMLESS_TIMESTAMP_HEADER,
  seamlessKey,
  signSeamless,
} from '../../lib/seamless-signature.js';
import { demoLanguage } from './demo-strings.js';
import type { GameProvider } from './game-provider.js';

/** The demo game's stakes: the minimum stake (MIN_STAKE_KES) and 2.5, 5 and 10 times it. */
export const demoStakes = (minStake: number): number[] => [1, 2.5, 5, 10].map((m) => Math.ceil(minStake * m));
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
/**
 * The operator's refusals the game passes on to the player as they are (a time-out or
 * self-exclusion with its end, a loss or stake limit with its amount, a used game link, too
 * little money); any other failure of the
 * wallet is the game's 502.
 */
const PASSED_ON = new Set([403, 409, 422]);
const PASSED_DETAILS = ['until', 'limit_period', 'limit', 'remaining'] as const;
const pick = <T extends object, K extends keyof T>(from: T, keys: readonly K[]): Partial<Pick<T, K>> =>
  Object.fromEntries(keys.filter((k) => from[k] !== undefined).map((k) => [k, from[k]])) as Partial<
    Pick<T, K>
  >;

/** The symbol a reel stops on for a roll in [0, 100): weighted, for a return to player ≈ 90 %. */
export function stopAt(roll: number): SymbolName {
  let rest = roll;
  for (const s of SYMBOLS) {
    rest -= WEIGHTS[s];
    if (rest < 0) return s;
  }
  return 'cherry';
}

function payoutMultiplier(reels: SymbolName[]): number {
  const [a, b, c] = reels;
  if (a === b && b === c && a) return THREE_OF_A_KIND[a];
  return reels.filter((r) => r === 'cherry').length === 2 ? TWO_CHERRIES : 0;
}

/**
 * Where a game session's reel stops come from, one call per reel (demo-reels.ts: crypto
 * randomness, or a seeded sequence for tests).
 */
export type ReelStops = (sessionToken: string) => SymbolName;

interface DemoSession {
  playerRef: string;
  gameId: string;
  /** The operator's launch id (launch tokens only). */
  launchId?: string;
}

interface SpinResult {
  round_id: string;
  reels: SymbolName[];
  stake: number;
  win: number;
  balance: number;
  currency: string;
}

/** The name of an enabled game of the operator's catalogue; undefined when there is none. */
type GameNameOf = (gameId: string) => Promise<string | undefined>;

/**
 * The built-in demo game provider. It behaves like an outside provider: it knows players only
 * by an opaque id, and moves money only through the signed seamless-wallet API (called through
 * `app.inject`, the same HTTP path an outside provider would use).
 */
export class DemoGameProvider implements GameProvider {
  readonly name = 'demo';
  private readonly launchKey: Uint8Array;
  private readonly walletKey: string;

  constructor(
    private readonly ctx: AppContext,
    /** The casino's: the providers' root secret, resolved at start-up, and the smallest stake. */
    private readonly config: { GAME_PROVIDER_SECRET: string; MIN_STAKE_KES: number },
    private readonly app: FastifyInstance,
    private readonly stops: ReelStops,
    private readonly gameName: GameNameOf,
  ) {
    this.launchKey = tokenKey(hmacHex(config.GAME_PROVIDER_SECRET, 'demo-launch-v1'));
    this.walletKey = seamlessKey(config.GAME_PROVIDER_SECRET);
  }

  async launchUrl(input: { playerRef: string; gameId: string; language: string; launchId: string }) {
    const { playerRef, gameId, language, launchId } = input;
    const { env, clock } = this.ctx;
    const claims = { typ: 'launch', pid: playerRef, gid: gameId, lid: launchId };
    const token = await signToken(this.launchKey, claims, clock.now(), env.LAUNCH_TOKEN_TTL_SECONDS);
    const lang = demoLanguage(language);
    return `${env.PUBLIC_BASE_URL}/api/v1/games/demo/play?launch=${encodeURIComponent(token)}&lang=${lang}`;
  }

  /** The player and game of a launch or game-session token (`typ`). */
  private async read(token: string, typ: string): Promise<DemoSession> {
    const res = await verifyToken(this.launchKey, token, this.ctx.clock.now());
    if (!res.ok) {
      throw refuse(
        'INVALID_GAME_TOKEN',
        res.expired ? 'This game link has expired. Open the game again.' : 'Invalid game token',
      );
    }
    const { typ: t, pid, gid, lid } = res.claims;
    if (t !== typ || typeof pid !== 'string' || typeof gid !== 'string')
      throw refuse('INVALID_GAME_TOKEN', 'Invalid game token');
    if (typ === 'launch' && typeof lid !== 'string') throw refuse('INVALID_GAME_TOKEN', 'Invalid game token');
    return { playerRef: pid, gameId: gid, ...(typeof lid === 'string' ? { launchId: lid } : {}) };
  }

  /**
   * Exchanges a short-lived launch token for a game session token (2 h). The operator's
   * seamless `session` call spends the launch (one launch, one session) and refuses a player who
   * may not play now.
   */
  async openSession(launchToken: string) {
    const session = await this.read(launchToken, 'launch');
    const gameName = await this.gameName(session.gameId);
    if (gameName === undefined) throw new AppError(404, 'Game not found', { code: 'NOT_FOUND' });
    const wallet = await this.call('session', {
      player_id: session.playerRef,
      game_id: session.gameId,
      launch_id: session.launchId,
    });
    const claims = { typ: 'game-session', pid: session.playerRef, gid: session.gameId };
    const sessionToken = await signToken(this.launchKey, claims, this.ctx.clock.now(), SESSION_TTL_SECONDS);
    return {
      session_token: sessionToken,
      game_name: gameName,
      balance: wallet.balance,
      currency: wallet.currency,
      stakes: demoStakes(this.config.MIN_STAKE_KES),
    };
  }

  async spin(sessionToken: string, stake: number): Promise<SpinResult> {
    const session = await this.read(sessionToken, 'game-session');
    const roundId = newId();
    const common = { player_id: session.playerRef, round_id: roundId, game_id: session.gameId };
    const bet = await this.call('bet', {
      transaction_id: `demo-bet-${roundId}`,
      ...common,
      amount: stake,
      currency: 'KES',
    });
    const reels = [this.stops(sessionToken), this.stops(sessionToken), this.stops(sessionToken)];
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
    op: 'session' | 'bet' | 'win' | 'rollback',
    body: object,
  ): Promise<SeamlessBalanceResponse> {
    const raw = JSON.stringify(body);
    const ts = Math.floor(this.ctx.clock.now() / 1000);
    const res = await this.app.inject({
      method: 'POST',
      url: `/api/v1/casino/seamless/${op}`,
      headers: {
        'content-type': 'application/json',
        [SEAMLESS_TIMESTAMP_HEADER]: String(ts),
        [SEAMLESS_SIGNATURE_HEADER]: signSeamless(this.walletKey, ts, raw),
      },
      payload: raw,
    });
    const parsed = res.json() as SeamlessBalanceResponse & ErrorResponse;
    if (res.statusCode !== 200) {
      const passed = PASSED_ON.has(res.statusCode);
      // A refusal keeps what the player is told with it: the end of a restriction, a limit's
      // period, amount and what is left of it (the game page words it in the player's language).
      const details = passed ? pick(parsed, PASSED_DETAILS) : {};
      throw new AppError(passed ? res.statusCode : 502, parsed.error ?? 'Wallet error', {
        code: parsed.code ?? 'WALLET_ERROR',
        ...details,
      });
    }
    return parsed;
  }
}
