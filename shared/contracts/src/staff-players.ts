import { z } from 'zod';
import { refusal } from './errors.ts';
import { Cents, Cursor, Id, pageOf, Reason } from './staff-common.ts';
import {
  PLAYER_NOTE_MAX,
  PLAYER_QUERY_MIN,
  PLAYER_STATUSES,
  REVEAL_FIELDS,
  TX_KINDS,
  TX_STATUSES,
} from './staff-players-constants.ts';

export * from './staff-players-constants.ts';

/**
 * `/api/v1/staff/players/…`: the support desk's view of players (docs/decisions/053, api/README.md
 * "Players (staff)"): search, the player 360 (account, identity with its number and date of
 * birth masked, limits and restrictions, balances), transactions, game rounds, sign-in sessions
 * with a force-logout, notes, and revealing a masked field with a reason. Money in integer cents.
 */

const Instant = z.iso.datetime({ offset: true });

export const PlayerStatus = z.enum(PLAYER_STATUSES);
export type PlayerStatus = z.infer<typeof PlayerStatus>;

/**
 * GET /staff/players: `q` is any part of the phone (digits, with or without the 254 or 0 prefix),
 * a part of the name, or a Paybill account number; `status` alone lists the players of a status.
 */
export const PlayerSearchQuery = z
  .strictObject({
    q: z
      .string()
      .trim()
      .max(100)
      .refine((q) => q.length === 0 || q.length >= PLAYER_QUERY_MIN, {
        message: `Type at least ${PLAYER_QUERY_MIN} characters`,
      })
      .optional(),
    status: PlayerStatus.optional(),
    cursor: Cursor.optional(),
  })
  .refine(
    (q) => !!q.q || !!q.status,
    refusal('Give a phone, name or account number (q), or a status', 'QUERY_REQUIRED', 400),
  );
export type PlayerSearchQuery = z.infer<typeof PlayerSearchQuery>;

export const PlayerSummary = z.object({
  user_id: z.string(),
  phone: z.string(),
  full_name: z.string().nullable(),
  status: PlayerStatus,
  created_at: z.string(),
});
export type PlayerSummary = z.infer<typeof PlayerSummary>;

export const PlayerSearchResponse = pageOf('players', PlayerSummary);
export type PlayerSearchResponse = z.infer<typeof PlayerSearchResponse>;

export const PlayerParams = z.strictObject({ user_id: Id });

export const IdentityCheck = z.object({
  provider: z.string(),
  document_type: z.string(),
  /** The document's last 4 characters (all a check keeps). */
  document_last4: z.string(),
  status: z.enum(['pending', 'confirmed', 'rejected']),
  reason: z.string().nullable(),
  checked_at: z.string(),
});
export type IdentityCheck = z.infer<typeof IdentityCheck>;

/** The identity as staff see it before a reveal: the number and date of birth masked. */
export const StaffIdentityView = z.object({
  status: z.enum(['none', 'pending', 'confirmed', 'rejected']),
  full_name: z.string().nullable(),
  document_type: z.enum(['national_id', 'passport', 'alien_id']).nullable(),
  /** `****5678` */
  id_number_masked: z.string().nullable(),
  /** `19**-**-**` */
  date_of_birth_masked: z.string().nullable(),
  reason: z.string().nullable(),
  checks: z.array(IdentityCheck),
});
export type StaffIdentityView = z.infer<typeof StaffIdentityView>;

const CentsLimit = z.object({
  /** In force, cents; null: none. */
  amount: Cents.nullable(),
  /** A raise or removal waiting for `applies_at`. */
  pending: z.object({ amount: Cents.nullable(), applies_at: z.string() }).nullable(),
});
const PeriodLimit = CentsLimit.extend({ period: z.enum(['day', 'week', 'month']) });

export const PlayerRestriction = z.object({
  kind: z.enum(['time_out', 'self_exclusion']),
  length: z.string(),
  started_at: z.string(),
  until: z.string(),
  active: z.boolean(),
});
export type PlayerRestriction = z.infer<typeof PlayerRestriction>;

/** Limits in cents and every time-out or self-exclusion (newest first). */
export const PlayerLimitsView = z.object({
  deposit_limits: z.array(PeriodLimit),
  loss_limits: z.array(PeriodLimit),
  stake_limit: CentsLimit,
  restrictions: z.array(PlayerRestriction),
  reality_check_minutes: z.number().int().nullable(),
});
export type PlayerLimitsView = z.infer<typeof PlayerLimitsView>;

export const PlayerBalances = z.object({
  currency: z.string(),
  main: Cents,
  withdrawal: Cents,
  bonus: Cents,
});
export type PlayerBalances = z.infer<typeof PlayerBalances>;

/** GET /staff/players/:user_id: the player 360's summary. */
export const Player360 = z.object({
  account: z.object({
    user_id: z.string(),
    phone: z.string(),
    full_name: z.string().nullable(),
    status: PlayerStatus,
    created_at: z.string(),
    last_sign_in_at: z.string().nullable(),
    paybill_account: z.string().nullable(),
    open_sessions: z.number().int(),
  }),
  identity: StaffIdentityView,
  limits: PlayerLimitsView,
  balances: PlayerBalances,
});
export type Player360 = z.infer<typeof Player360>;

/** GET /staff/players/:user_id/transactions: newest first; from/to bound created_at ([from, to)). */
export const PlayerTransactionsQuery = z
  .strictObject({
    kind: z.enum(TX_KINDS).optional(),
    status: z.enum(TX_STATUSES).optional(),
    from: Instant.optional(),
    to: Instant.optional(),
    cursor: Cursor.optional(),
  })
  .refine(
    (q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to),
    refusal('from must be before to', 'INVALID_RANGE', 400),
  );
export type PlayerTransactionsQuery = z.infer<typeof PlayerTransactionsQuery>;

export const PlayerTransaction = z.object({
  id: z.string(),
  kind: z.enum(TX_KINDS),
  status: z.enum(TX_STATUSES),
  amount: Cents,
  tax_amount: Cents,
  currency: z.string(),
  payment_method: z.string(),
  /** The M-Pesa phone paid from or to. */
  phone_number: z.string(),
  provider_ref: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type PlayerTransaction = z.infer<typeof PlayerTransaction>;

export const PlayerTransactionsResponse = pageOf('transactions', PlayerTransaction);
export type PlayerTransactionsResponse = z.infer<typeof PlayerTransactionsResponse>;

export const PageQuery = z.strictObject({ cursor: Cursor.optional() });

/** One game round: its stakes and wins (cents), rollbacks undone. */
export const PlayerRound = z.object({
  round_id: z.string(),
  game_id: z.string(),
  started_at: z.string(),
  last_at: z.string(),
  stakes: Cents,
  wins: Cents,
  rolled_back: z.boolean(),
});
export type PlayerRound = z.infer<typeof PlayerRound>;

export const PlayerRoundsResponse = pageOf('rounds', PlayerRound);
export type PlayerRoundsResponse = z.infer<typeof PlayerRoundsResponse>;

/** A sign-in session of the player (the app's, 30 days with refresh). */
export const PlayerSession = z.object({
  id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  last_refreshed_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  ended_reason: z.string().nullable(),
  open: z.boolean(),
});
export type PlayerSession = z.infer<typeof PlayerSession>;

export const PlayerSessionsResponse = z.object({ sessions: z.array(PlayerSession) });
export type PlayerSessionsResponse = z.infer<typeof PlayerSessionsResponse>;

/** POST /staff/players/:user_id/logout */
export const PlayerLogoutRequest = z.strictObject({ reason: Reason });
export type PlayerLogoutRequest = z.infer<typeof PlayerLogoutRequest>;
export const PlayerLogoutResponse = z.object({ ended_sessions: z.number().int() });
export type PlayerLogoutResponse = z.infer<typeof PlayerLogoutResponse>;

export const PlayerNote = z.object({
  id: z.string(),
  author_user_id: z.string(),
  /** The author's name, or phone when they gave none. */
  author: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type PlayerNote = z.infer<typeof PlayerNote>;

export const PlayerNotesResponse = z.object({ notes: z.array(PlayerNote) });
export type PlayerNotesResponse = z.infer<typeof PlayerNotesResponse>;

/** POST /staff/players/:user_id/notes */
export const PlayerNoteRequest = z.strictObject({
  text: z.string().trim().min(1, 'Write the note').max(PLAYER_NOTE_MAX),
});
export type PlayerNoteRequest = z.infer<typeof PlayerNoteRequest>;

/** POST /staff/players/:user_id/reveal */
export const PlayerRevealRequest = z.strictObject({ field: z.enum(REVEAL_FIELDS), reason: Reason });
export type PlayerRevealRequest = z.infer<typeof PlayerRevealRequest>;
export const PlayerRevealResponse = z.object({ field: z.enum(REVEAL_FIELDS), value: z.string() });
export type PlayerRevealResponse = z.infer<typeof PlayerRevealResponse>;
