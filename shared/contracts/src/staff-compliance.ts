import { z } from 'zod';
import { refusal } from './errors.ts';
import { DOCUMENT_TYPES } from './identity-constants.ts';
import { CalendarDay } from './payments.ts';
import { Cursor, Id, pageOf, Reason } from './staff-common.ts';
import { IDENTITY_REJECT_CODES, RESTRICTION_KINDS } from './staff-compliance-constants.ts';

export * from './staff-compliance-constants.ts';

/**
 * `/api/v1/staff/identity-checks…` and `/api/v1/staff/self-exclusions…` (docs/decisions/056,
 * api/README.md "Compliance (staff)"): the identity checks waiting on the register, what
 * compliance does with one (ask the register again, or refuse it with a reason), and the
 * self-exclusion register with its CSV.
 */

/** GET /staff/identity-checks?status=pending: only the pending queue is listed (others are on the player's page). */
export const IdentityChecksQuery = z.strictObject({
  status: z.literal('pending').default('pending'),
  cursor: Cursor.optional(),
});
export type IdentityChecksQuery = z.infer<typeof IdentityChecksQuery>;

export const PendingIdentity = z.object({
  user_id: z.string(),
  phone: z.string(),
  full_name: z.string(),
  document_type: z.enum(DOCUMENT_TYPES),
  /** `****` + the last 4: the whole number never leaves the server. */
  document_number_masked: z.string(),
  /** Why it is pending (CHECK_UNAVAILABLE: the register could not be asked). */
  reason: z.string().nullable(),
  provider: z.string(),
  /** The last time the register was asked. */
  checked_at: z.string(),
  /** How many times it has been asked for this player. */
  attempts: z.number().int(),
});
export type PendingIdentity = z.infer<typeof PendingIdentity>;

export const IdentityChecksResponse = pageOf('checks', PendingIdentity);
export type IdentityChecksResponse = z.infer<typeof IdentityChecksResponse>;

export const IdentityCheckParams = z.strictObject({ user_id: Id });

/** POST /staff/identity-checks/:user_id/recheck: ask the register again with the details on file. */
export const IdentityRecheckRequest = z.strictObject({ reason: Reason });
export type IdentityRecheckRequest = z.infer<typeof IdentityRecheckRequest>;

/** POST /staff/identity-checks/:user_id/reject: refuse it; the player reads `code` and may send new details. */
export const IdentityRejectRequest = z.strictObject({ code: z.enum(IDENTITY_REJECT_CODES), reason: Reason });
export type IdentityRejectRequest = z.infer<typeof IdentityRejectRequest>;

export const IdentityDecisionResponse = z.object({
  user_id: z.string(),
  status: z.enum(['pending', 'confirmed', 'rejected']),
  reason: z.string().nullable(),
});
export type IdentityDecisionResponse = z.infer<typeof IdentityDecisionResponse>;

const Active = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

/**
 * GET /staff/self-exclusions (and `.csv`): time-outs and self-exclusions, newest start first;
 * `active` true: in force now, false: ended; `from`/`to`: East Africa Time days of the start, both included.
 */
export const SelfExclusionsQuery = z
  .strictObject({
    active: Active,
    kind: z.enum(RESTRICTION_KINDS).optional(),
    from: CalendarDay.optional(),
    to: CalendarDay.optional(),
    cursor: Cursor.optional(),
  })
  .refine(
    (q) => !q.from || !q.to || q.from <= q.to,
    refusal('to must not be before from', 'INVALID_RANGE', 400),
  );
export type SelfExclusionsQuery = z.infer<typeof SelfExclusionsQuery>;
/** The register's filters as a client sends them (`active` as 'true' or 'false'), without the page. */
export type SelfExclusionsFilters = Omit<z.input<typeof SelfExclusionsQuery>, 'cursor'>;

export const SelfExclusionEntry = z.object({
  id: z.string(),
  user_id: z.string(),
  phone: z.string(),
  full_name: z.string().nullable(),
  kind: z.enum(RESTRICTION_KINDS),
  length: z.string(),
  started_at: z.string(),
  ends_at: z.string(),
  active: z.boolean(),
});
export type SelfExclusionEntry = z.infer<typeof SelfExclusionEntry>;

export const SelfExclusionsResponse = pageOf('entries', SelfExclusionEntry);
export type SelfExclusionsResponse = z.infer<typeof SelfExclusionsResponse>;

/**
 * POST /staff/regulator-feed/replay: deliver again every event from `from_sequence` on, with the
 * reason (the regulator's request, a ticket) kept in the staff audit.
 */
export const StaffFeedReplayRequest = z.strictObject({
  from_sequence: z.number().int().min(1),
  reason: Reason,
});
export type StaffFeedReplayRequest = z.infer<typeof StaffFeedReplayRequest>;

export const StaffFeedReplayResponse = z.object({ from_sequence: z.number(), requeued: z.number() });
export type StaffFeedReplayResponse = z.infer<typeof StaffFeedReplayResponse>;

/**
 * POST /staff/regulator-feed/parked/{sequence}/release: a parked event (the receiver refused it on
 * its own, docs/decisions/063) goes back in the queue at its sequence, with the reason kept in
 * the staff audit; refused again, it is parked again.
 */
export const StaffFeedReleaseParams = z.strictObject({ sequence: z.coerce.number().int().min(1) });
export type StaffFeedReleaseParams = z.infer<typeof StaffFeedReleaseParams>;

export const StaffFeedReleaseRequest = z.strictObject({ reason: Reason });
export type StaffFeedReleaseRequest = z.infer<typeof StaffFeedReleaseRequest>;

export const StaffFeedReleaseResponse = z.object({ sequence: z.number(), released: z.literal(true) });
export type StaffFeedReleaseResponse = z.infer<typeof StaffFeedReleaseResponse>;
