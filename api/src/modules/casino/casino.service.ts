import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Game, GameLinkResponse } from '@mchezo/contracts/casino';
import type { GameProvider } from '../../adapters/games/game-provider.js';
import type { AppContext } from '../../context.js';
import { newId } from '../../lib/crypto.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { CasinoConfig } from './casino.config.js';
import {
  findGame,
  type GameRow,
  insertLaunch,
  insertMissingGames,
  listEnabledGames,
} from './casino.repository.js';
import { CATALOGUE } from './catalogue.js';

const THUMBNAIL_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../assets/thumbnails');

export async function seedGames(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  await insertMissingGames(
    ctx.database.db,
    CATALOGUE.map((g, i) => ({
      id: g.id,
      name: g.name,
      category: g.category,
      thumbnail: `${g.id}.svg`,
      sort_order: i,
      enabled: 1,
      created_at: now,
    })),
  );
}

/** Thumbnails are tiny SVGs read once into memory: they sit on a phone's critical path. */
export function loadThumbnails(): Map<string, string> {
  const map = new Map<string, string>();
  for (const g of CATALOGUE) {
    map.set(`${g.id}.svg`, readFileSync(join(THUMBNAIL_DIR, `${g.id}.svg`), 'utf8'));
  }
  return map;
}

/** The name of an enabled catalogue game, for a game provider opening it; undefined when none. */
export async function enabledGameName(ctx: AppContext, gameId: string): Promise<string | undefined> {
  return (await findGame(ctx.database.db, gameId))?.name;
}

export class CasinoService {
  private cache: { at: number; games: Game[] } | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly config: CasinoConfig,
    private readonly provider: GameProvider,
  ) {}

  private toDto(row: GameRow): Game {
    return {
      game_id: row.id,
      name: row.name,
      category: row.category,
      thumbnail_url: `${this.config.PUBLIC_BASE_URL}/api/v1/casino/thumbnails/${row.thumbnail}`,
    };
  }

  /** The lobby list: cached for 30 s (it changes only when an operator edits the catalogue). */
  async games(): Promise<Game[]> {
    const now = this.ctx.clock.now();
    if (this.cache && now - this.cache.at < 30_000) return this.cache.games;
    const games = (await listEnabledGames(this.ctx.database.db)).map((r) => this.toDto(r));
    this.cache = { at: now, games };
    return games;
  }

  /**
   * A game link for the player: a launch recorded here (valid LAUNCH_TOKEN_TTL_SECONDS) that
   * opens one game session at most, through the seamless `session` call (seamless.routes.ts).
   */
  async gameLink(
    player: { userId: string; playerRef: string },
    gameId: string,
    language = 'en',
  ): Promise<GameLinkResponse> {
    const { clock, database } = this.ctx;
    if (!this.config.FEATURE_WALLET_ENABLED)
      throw forbidden('Games need the wallet, which is not available', 'FEATURE_DISABLED');
    const game = await findGame(database.db, gameId);
    if (!game) throw notFound('Game not found');
    const now = clock.now();
    const launchId = newId();
    await insertLaunch(database.db, {
      id: launchId,
      user_id: player.userId,
      game_id: game.id,
      created_at: now,
      expires_at: now + this.config.LAUNCH_TOKEN_TTL_SECONDS * 1000,
      used_at: null,
    });
    const url = await this.provider.launchUrl({
      playerRef: player.playerRef,
      gameId: game.id,
      language,
      launchId,
    });
    return { game_link: url };
  }
}
