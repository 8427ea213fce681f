/**
 * The regulator feed's environment (docs/decisions/042-regulator-feed-outbox.md, api/README.md):
 * where signed batches are POSTed (unset: off, except in development, where the built-in receiver
 * simulator gets them), the HMAC-SHA256 key of their signature header (needed with a URL; in
 * development the simulator's is derived from JWT_SECRET), events per batch, how often the
 * delivery looks (0: off), how long one POST may take, and the backoff after a failure (doubling
 * from the first to the cap). A batch is also cut to REGULATOR_FEED_MAX_BATCH_BYTES of body (the
 * receiver's documented body limit; the built-in simulator takes exactly that), and a receiver
 * answering 413 anyway gets the batch halved (docs/decisions/063-a-feed-that-cannot-jam.md).
 * env.ts validates these with the rest of the environment, and the rules between them.
 */
import { z } from 'zod';
import { type ConfigOf, int, optionalBool, optionalString, secret } from '../../env-values.js';
import { PlatformConfig } from '../../platform.config.js';

export const RegulatorFeedConfig = z.object({
  // The platform's, shared: whether this is development, the public base URL and JWT_SECRET (the
  // development simulator's address and key), and the licence number each batch carries.
  ...PlatformConfig.pick({ NODE_ENV: true, PUBLIC_BASE_URL: true, JWT_SECRET: true, LICENCE_NUMBER: true })
    .shape,
  REGULATOR_FEED_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\//.test(v),
    'must be an http(s) URL',
  ),
  REGULATOR_FEED_SECRET: secret,
  REGULATOR_FEED_BATCH_SIZE: int(100, 1, 1000),
  REGULATOR_FEED_MAX_BATCH_BYTES: int(256 * 1024, 1024, 16 * 1024 * 1024),
  REGULATOR_FEED_INTERVAL_MS: int(1000, 0, 3_600_000),
  REGULATOR_FEED_TIMEOUT_MS: int(10_000, 100, 120_000),
  REGULATOR_FEED_BACKOFF_MS: int(1000, 10, 3_600_000),
  REGULATOR_FEED_BACKOFF_MAX_MS: int(300_000, 10, 86_400_000),
  /**
   * Development and tests only: serve the feed's receiver simulator (POST
   * /api/v1/testing/regulator-feed/receiver), failing every Nth batch (0: never), timing out on
   * every Nth (0: never) and answering after a delay. Unset: on in development.
   */
  REGULATOR_FEED_SIMULATOR: optionalBool,
  REGULATOR_FEED_SIMULATOR_FAIL_EVERY: int(0, 0, 1000),
  REGULATOR_FEED_SIMULATOR_TIMEOUT_EVERY: int(0, 0, 1000),
  REGULATOR_FEED_SIMULATOR_DELAY_MS: int(0, 0, 600_000),
});

/** The slice as the module gets it: the secrets and the public URL resolved at start-up (src/startup.ts). */
export type RegulatorFeedConfig = ConfigOf<typeof RegulatorFeedConfig>;
