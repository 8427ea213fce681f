/**
 * Where the regulator feed goes and how long its lease lasts, from its configuration
 * (regulator-feed.config.ts): the configured receiver, or in development the receiver simulator
 * this server serves (docs/decisions/042-regulator-feed-outbox.md).
 */
import { hmacHex } from '../../lib/crypto.js';
import type { RegulatorFeedConfig } from './regulator-feed.config.js';

/** The in-process receiver simulator's path under /api/v1 (development, tests). */
export const FEED_SIMULATOR_PATH = '/testing/regulator-feed/receiver';

export interface FeedTarget {
  url: string;
  secret: string;
}

type Config = Pick<
  RegulatorFeedConfig,
  | 'REGULATOR_FEED_SIMULATOR'
  | 'REGULATOR_FEED_URL'
  | 'REGULATOR_FEED_SECRET'
  | 'NODE_ENV'
  | 'PUBLIC_BASE_URL'
  | 'JWT_SECRET'
>;

/** Whether this server serves the receiver simulator: REGULATOR_FEED_SIMULATOR, or development by default. */
export const servesFeedSimulator = (config: Pick<Config, 'REGULATOR_FEED_SIMULATOR' | 'NODE_ENV'>) =>
  config.REGULATOR_FEED_SIMULATOR ?? config.NODE_ENV === 'development';

/** The simulator's key when none is configured: derived, never stored or logged. */
export const simulatorSecret = (config: Pick<Config, 'REGULATOR_FEED_SECRET' | 'JWT_SECRET'>) =>
  config.REGULATOR_FEED_SECRET ?? hmacHex(config.JWT_SECRET, 'regulator-feed');

/** Where the feed goes: the configured receiver, or in development the built-in simulator. */
export function feedTarget(config: Config): FeedTarget | null {
  if (config.REGULATOR_FEED_URL && config.REGULATOR_FEED_SECRET)
    return { url: config.REGULATOR_FEED_URL, secret: config.REGULATOR_FEED_SECRET };
  if (config.NODE_ENV === 'development' && servesFeedSimulator(config))
    return { url: `${config.PUBLIC_BASE_URL}/api/v1${FEED_SIMULATOR_PATH}`, secret: simulatorSecret(config) };
  return null;
}

/**
 * The lease outlasts any round: a round stops starting batches after a third of it, and one
 * POST takes at most the timeout. A killed holder is taken over after it runs out.
 */
export const feedLeaseMs = (
  config: Pick<RegulatorFeedConfig, 'REGULATOR_FEED_TIMEOUT_MS' | 'REGULATOR_FEED_INTERVAL_MS'>,
) => Math.max(3 * (config.REGULATOR_FEED_TIMEOUT_MS + 1000), 2 * config.REGULATOR_FEED_INTERVAL_MS);
