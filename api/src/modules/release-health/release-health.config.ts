/**
 * The environment variables release health reads (its config slice, lib/api-module.ts): env.ts
 * composes them into the whole environment; the module's services get only these.
 */
import { z } from 'zod';
import { type ConfigOf, int } from '../../env-values.js';
import { PlatformConfig } from '../../platform.config.js';

export const ReleaseHealthConfig = z.object({
  // Shared with other modules: JWT_SECRET signs the load tickets and client ids; an https
  // PUBLIC_BASE_URL marks the ticket's cookies Secure; SENTRY_DSN is the browser's error reporting.
  ...PlatformConfig.pick({ JWT_SECRET: true, PUBLIC_BASE_URL: true, SENTRY_DSN: true }).shape,
  /**
   * Release health counts only loads and reports carrying the load ticket the page was given
   * (docs/decisions/031-release-health-tickets.md): how long a ticket lasts, new browsers (client
   * cookies) per address a minute, loads a browser weighs per version a minute, error reports
   * stored per browser (or address without a ticket) and per version a minute, reports without a
   * valid ticket stored a minute in all, and how long the figures are kept.
   */
  LOAD_TICKET_TTL_SECONDS: int(3600, 60, 86_400),
  LOAD_CLIENTS_PER_IP_PER_MINUTE: int(20, 1, 1_000_000),
  /**
   * New browsers per address an hour too (docs/decisions/060-health-counts-people.md), how long a
   * client id lasts, and the proof of work a page does before its client id counts: the leading
   * zero bits of sha256(challenge:nonce).
   */
  LOAD_CLIENTS_PER_IP_PER_HOUR: int(60, 1, 1_000_000),
  LOAD_CLIENT_TTL_DAYS: int(7, 1, 90),
  LOAD_PROOF_BITS: int(10, 1, 24),
  LOAD_WEIGHT_PER_CLIENT_PER_MINUTE: int(3, 1, 1000),
  ERROR_EVENTS_PER_CLIENT_PER_MINUTE: int(10, 1, 10_000),
  ERROR_EVENTS_PER_VERSION_PER_MINUTE: int(60, 1, 100_000),
  ERROR_EVENTS_UNCOUNTED_PER_MINUTE: int(60, 0, 100_000),
  RELEASE_HEALTH_RETENTION_DAYS: int(8, 1, 366),
});

/** The slice as the module gets it: the secret and the public URL resolved at start-up (src/startup.ts). */
export type ReleaseHealthConfig = ConfigOf<typeof ReleaseHealthConfig>;
