/**
 * The casino's environment: the root secret game providers' keys derive from (resolved at
 * start-up like every secret, src/startup.ts), how long a game link stays good, and the demo
 * game's seed. env.ts validates these with the rest of the environment (a seed needs NODE_ENV=test).
 */
import { z } from 'zod';
import { int, optionalString, secret } from '../../env-values.js';

export const CasinoVariables = z.object({
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
});

/**
 * What the casino reads: its own variables (the secret as start-up resolves it), and three of the
 * platform's (validated in env.ts): the public base URL of thumbnails, whether the wallet is on,
 * and the smallest stake, which the site shows too.
 */
export const CasinoConfig = CasinoVariables.extend({
  GAME_PROVIDER_SECRET: z.string(),
  PUBLIC_BASE_URL: z.string(),
  FEATURE_WALLET_ENABLED: z.boolean(),
  MIN_STAKE_KES: z.number(),
});
export type CasinoConfig = z.infer<typeof CasinoConfig>;
