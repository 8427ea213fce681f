/**
 * The casino's environment: the root secret game providers' keys derive from (resolved at
 * start-up like every secret, src/startup.ts), how long a game link stays good, and the demo
 * game's seed. env.ts validates these with the rest of the environment (a seed needs NODE_ENV=test).
 */
import { z } from 'zod';
import { type ConfigOf, int, optionalString, secret } from '../../env-values.js';
import { PlatformConfig } from '../../platform.config.js';

export const CasinoConfig = z.object({
  // The platform's, shared: the public base URL of thumbnails, whether the wallet is on, and the
  // smallest stake, which the site shows too.
  ...PlatformConfig.pick({ PUBLIC_BASE_URL: true, FEATURE_WALLET_ENABLED: true, MIN_STAKE_KES: true }).shape,
  GAME_PROVIDER_SECRET: secret,
  LAUNCH_TOKEN_TTL_SECONDS: int(300, 10, 3600),
  /** Tests only (NODE_ENV=test): each demo game session replays the reel stops of this seed. */
  DEMO_GAME_SEED: optionalString
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .pipe(
      z
        .number()
        .int()
        .min(0)
        .max(2 ** 32 - 1)
        .optional(),
    ),
  /** CSP frame-ancestors of the demo game page: who may embed it (default: src/production.ts). */
  GAME_FRAME_ANCESTORS: optionalString,
});

/** The slice as the module gets it: the secret and the public URL resolved at start-up (src/startup.ts). */
export type CasinoConfig = ConfigOf<typeof CasinoConfig>;
