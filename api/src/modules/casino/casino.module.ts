/**
 * Casino: the game catalogue and game links, the demo game provider, and the seamless wallet
 * game providers call to take stakes and pay wins.
 */
import { DemoGameProvider, type ReelStops } from '../../adapters/games/demo-provider.js';
import { demoGameRoutes } from '../../adapters/games/demo-provider.routes.js';
import { reelStopsFor } from '../../adapters/games/demo-reels.js';
import type { GameProvider } from '../../adapters/games/game-provider.js';
import { apiModule } from '../../lib/api-module.js';
import { API_PREFIX } from '../../lib/api-prefix.js';
import { GameWalletService } from '../wallet/game-wallet.service.js';
import { CasinoConfig } from './casino.config.js';
import { casinoRoutes } from './casino.routes.js';
import { CasinoService, enabledGameName, seedGames } from './casino.service.js';
import { seamlessRoutes } from './seamless.routes.js';

export interface CasinoModuleOptions {
  /** A game provider other than the built-in demo (tests). */
  games?: GameProvider;
  /** The demo game's reel stops (tests script them); otherwise crypto, or DEMO_GAME_SEED's. */
  reelStops?: ReelStops;
}

export const casinoModule = apiModule(
  { name: 'casino', dependencies: ['auth', 'identity', 'safer-gambling'], config: CasinoConfig },
  async (app, config, options: CasinoModuleOptions) => {
    const ctx = app.ctx;
    // The demo provider calls the seamless wallet in-process, through `app`.
    const games =
      options.games ??
      new DemoGameProvider(ctx, config, app, options.reelStops ?? reelStopsFor(config), (id) =>
        enabledGameName(ctx, id),
      );
    app.addHook('onReady', () => seedGames(ctx));
    await app.register(casinoRoutes, {
      prefix: API_PREFIX,
      casino: new CasinoService(ctx, config, games),
      identity: app.identity,
      safer: app.safer,
      requireAuth: app.requireAuth,
    });
    await app.register(seamlessRoutes, {
      prefix: API_PREFIX,
      ctx,
      config,
      wallet: new GameWalletService(ctx, (trx, userId, amount) =>
        app.safer.assertCanStake(trx, userId, amount),
      ),
      identity: app.identity,
      safer: app.safer,
    });
    await app.register(demoGameRoutes, { prefix: API_PREFIX, config, games });
  },
);
