import { z } from 'zod';

/** GET /health (liveness) and GET /health/ready (readiness): `{ok:true}`. */
export const HealthResponse = z.strictObject({ ok: z.literal(true) });
export type HealthResponse = z.infer<typeof HealthResponse>;

/** GET /health/reconciliation (payments operators): the payment reconciliation queue. */
export const ReconciliationHealthResponse = z.strictObject({
  ok: z.literal(true),
  reconciliation: z.strictObject({
    pending: z.number().int().nonnegative(),
    due: z.number().int().nonnegative(),
    oldest_pending_age_seconds: z.number().int().nonnegative().nullable(),
    review: z.number().int().nonnegative(),
  }),
});
export type ReconciliationHealthResponse = z.infer<typeof ReconciliationHealthResponse>;
