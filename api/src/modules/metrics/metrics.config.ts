/** The environment variables the metrics module reads. */
import { z } from 'zod';
import { type ConfigOf, int, secret } from '../../env-values.js';

export const MetricsConfig = z.object({
  /**
   * The Prometheus metrics (docs/decisions/044-metrics.md, api/README.md "Metrics"): `GET /metrics`
   * answers only `Authorization: Bearer <METRICS_TOKEN>` (unset: 404; production wants 32
   * characters or more); money moved is the ledger's entries of the last METRICS_MONEY_WINDOW_MINUTES.
   */
  METRICS_TOKEN: secret,
  METRICS_MONEY_WINDOW_MINUTES: int(60, 1, 24 * 60),
});
export type MetricsConfig = ConfigOf<typeof MetricsConfig>;
