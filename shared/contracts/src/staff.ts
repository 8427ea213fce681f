import { z } from 'zod';
import { PhoneInput } from './auth.ts';
import { refusal } from './errors.ts';
import { JsonValue } from './json.ts';
import { CalendarDay } from './payments.ts';

/**
 * `/api/v1/staff/…`: staff accounts (docs/decisions/052-staff-accounts-two-factors.md): roles
 * granted by an administrator, the TOTP second factor and its recovery codes, staff sessions and
 * the staff audit log.
 */

/**
 * The staff roles as the API names them and as `users.roles` stores them (FINANCE_PHONES grants
 * `finance`).
 */
export const StaffRoleName = z.enum(['support', 'finance', 'compliance', 'release_manager', 'admin']);
export type StaffRoleName = z.infer<typeof StaffRoleName>;

const Id = z.string().regex(/^[0-9a-f-]{8,64}$/, 'must be an id');
/** Why: every change an administrator makes says it. */
const Reason = z.string().trim().min(3, 'Say why (3 characters or more)').max(2000);
/** A 6-digit code from the authenticator app. */
export const TotpCode = z.string().regex(/^\d{6}$/, 'The code must be exactly 6 digits');
/** A recovery code as shown at enrolment (`xxxxx-xxxxx`); case, spaces and the dash do not matter. */
export const RecoveryCode = z
  .string()
  .trim()
  .max(32)
  .regex(/^[A-Za-z0-9][A-Za-z0-9\s-]*$/, 'A recovery code has letters and digits');

/**
 * An enrolment code an administrator issued (`xxxx-xxxx-xxxx`, 12 letters and digits, 60 bits);
 * case, spaces and dashes do not matter.
 */
export const EnrolmentCode = z
  .string()
  .trim()
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9\s-]*$/, 'An enrolment code has letters and digits');

/**
 * POST /staff/totp/enrol (a staff member signed in with their password, not yet enrolled):
 * `enrolment_code` is the one-time code an administrator issued (POST
 * /staff/people/:user_id/enrolment). Without it: 403 ENROLMENT_CODE_REQUIRED, except for a person
 * whose admin role comes from ADMIN_PHONES while no administrator has a confirmed authenticator
 * (the first administrator of an empty system). A wrong, used or expired code: 401
 * ENROLMENT_CODE_INVALID, counted towards the account's lock like a wrong authenticator code.
 */
export const TotpEnrolRequest = z.strictObject({ enrolment_code: EnrolmentCode.optional() }).nullish();
export type TotpEnrolRequest = z.infer<typeof TotpEnrolRequest>;

/** POST /staff/sign-out: nothing to send. */
export const StaffEmptyRequest = z.strictObject({}).nullish();

/** POST /staff/people/:user_id/enrolment {reason} (administrators). */
export const IssueEnrolmentRequest = z.strictObject({ reason: Reason });
export type IssueEnrolmentRequest = z.infer<typeof IssueEnrolmentRequest>;
/** The code, shown this once (the API keeps its SHA-256 only); it voids the person's earlier one. */
export const IssueEnrolmentResponse = z.object({ enrolment_code: z.string(), expires_at: z.string() });
export type IssueEnrolmentResponse = z.infer<typeof IssueEnrolmentResponse>;

/**
 * The new secret, answered once: the otpauth:// URI (what the QR code holds), the secret in
 * base32 for typing in by hand, the QR code as an SVG document, and 10 recovery codes.
 */
export const TotpEnrolResponse = z.object({
  otpauth_uri: z.string(),
  secret: z.string(),
  qr_svg: z.string(),
  recovery_codes: z.array(z.string()),
});
export type TotpEnrolResponse = z.infer<typeof TotpEnrolResponse>;

/** POST /staff/totp/confirm: a code from the app proves it holds the secret. */
export const TotpConfirmRequest = z.strictObject({ code: TotpCode });
export type TotpConfirmRequest = z.infer<typeof TotpConfirmRequest>;
export const TotpConfirmResponse = z.object({ enrolled: z.literal(true), confirmed_at: z.string() });

/**
 * POST /staff/sign-in: phone, password and a second factor, either the authenticator's `code` or
 * one `recovery_code`. Without either the answer is 401 CODE_REQUIRED.
 */
export const StaffSignInRequest = z.strictObject({
  phone: PhoneInput,
  password: z.string().min(1, 'Password is required').max(256),
  code: TotpCode.optional(),
  recovery_code: RecoveryCode.optional(),
});
export type StaffSignInRequest = z.infer<typeof StaffSignInRequest>;

export const StaffSessionInfo = z.object({
  id: z.string(),
  user_id: z.string(),
  /** Which second factor opened it. */
  second_factor: z.enum(['totp', 'recovery_code']),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** When it ends if unused (idle) and at the latest (absolute), ISO 8601. */
  idle_expires_at: z.string(),
  expires_at: z.string(),
  ended_at: z.string().nullable(),
  ended_reason: z.string().nullable(),
});
export type StaffSessionInfo = z.infer<typeof StaffSessionInfo>;

/**
 * A finance or admin grant waiting for a second administrator (docs/decisions/065): it gives no
 * rights until another administrator confirms it; either cancels it; it lapses at `expires_at`.
 */
export const PendingRoleGrant = z.object({
  id: z.string(),
  user_id: z.string(),
  role: StaffRoleName,
  /** The administrator who proposed it. */
  proposed_by: z.string(),
  reason: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type PendingRoleGrant = z.infer<typeof PendingRoleGrant>;
/** The roles whose grant takes two administrators: they move money or grant roles. */
export const TWO_ADMIN_ROLES: readonly StaffRoleName[] = ['finance', 'admin'];

export const StaffMember = z.object({
  user_id: z.string(),
  phone: z.string(),
  full_name: z.string().nullable(),
  roles: z.array(StaffRoleName),
  /** Whether an authenticator is enrolled (confirmed). */
  two_factor: z.boolean(),
  /** Recovery codes not used yet. */
  recovery_codes_left: z.number().int(),
  /** Grants waiting for a second administrator (no rights yet). */
  pending_grants: z.array(PendingRoleGrant),
});
export type StaffMember = z.infer<typeof StaffMember>;

/** The staff token goes in `Authorization: Bearer <token>` on staff routes; never stored by a page. */
export const StaffSignInResponse = z.object({
  token: z.string(),
  session: StaffSessionInfo,
  member: StaffMember,
});
export type StaffSignInResponse = z.infer<typeof StaffSignInResponse>;

export const StaffMeResponse = z.object({ member: StaffMember, session: StaffSessionInfo });

/** GET /staff/people?phone: everyone holding a staff role, or the one account with that phone. */
export const StaffPeopleQuery = z.strictObject({ phone: PhoneInput.optional() });
export const StaffPeopleResponse = z.object({ people: z.array(StaffMember) });
export type StaffPeopleResponse = z.infer<typeof StaffPeopleResponse>;

export const StaffPersonParams = z.strictObject({ user_id: Id });
export const StaffRoleParams = z.strictObject({ user_id: Id, role: StaffRoleName });
export const StaffSessionParams = z.strictObject({ session_id: Id });

/** POST /staff/people/:user_id/roles */
export const GrantStaffRoleRequest = z.strictObject({ role: StaffRoleName, reason: Reason });
export type GrantStaffRoleRequest = z.infer<typeof GrantStaffRoleRequest>;
/** DELETE /staff/people/:user_id/roles/:role, DELETE /staff/sessions/:session_id */
export const StaffReasonRequest = z.strictObject({ reason: Reason });
export type StaffReasonRequest = z.infer<typeof StaffReasonRequest>;

/** GET /staff/role-grants: every pending grant. POST /staff/role-grants/:grant_id/{confirm,cancel} take a reason. */
export const PendingRoleGrantsResponse = z.object({ grants: z.array(PendingRoleGrant) });
export type PendingRoleGrantsResponse = z.infer<typeof PendingRoleGrantsResponse>;
export const RoleGrantParams = z.strictObject({ grant_id: Id });

export const StaffSessionsResponse = z.object({ sessions: z.array(StaffSessionInfo) });
export type StaffSessionsResponse = z.infer<typeof StaffSessionsResponse>;

export const StaffAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  /** Who did it (null: a sign-in attempt for a phone with no account). */
  actor_user_id: z.string().nullable(),
  action: z.string(),
  /** The person or player it was done to. */
  target_user_id: z.string().nullable(),
  /** Another object it was done to (`staff_session:<id>`). */
  target: z.string().nullable(),
  before: JsonValue.nullable(),
  after: JsonValue.nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});
export type StaffAuditEntry = z.infer<typeof StaffAuditEntry>;

/** The longest audit range, in days. */
export const STAFF_AUDIT_MAX_DAYS = 400;

const AuditFilters = {
  actor: Id.optional(),
  player: Id.optional(),
  action: z
    .string()
    .regex(/^[a-z_.]{3,64}$/, 'must be an action name')
    .optional(),
  /** East Africa Time days, both included. */
  from: CalendarDay.optional(),
  to: CalendarDay.optional(),
};
const rangeOk = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || q.from <= q.to;
const rangeShort = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) < STAFF_AUDIT_MAX_DAYS * 86_400_000;

/** GET /staff/audit: newest first, `limit` a page; the next page with `before` = the answer's `next_before`. */
export const StaffAuditQuery = z
  .strictObject({
    ...AuditFilters,
    limit: z.coerce.number().int().min(1).max(500).default(100),
    before: Id.optional(),
  })
  .refine(rangeOk, refusal('to must not be before from', 'INVALID_RANGE', 400))
  .refine(rangeShort, refusal(`At most ${STAFF_AUDIT_MAX_DAYS} days`, 'INVALID_RANGE', 400));
export type StaffAuditQuery = z.infer<typeof StaffAuditQuery>;

/** GET /staff/audit.csv: the same filters, every matching entry (at most STAFF_AUDIT_CSV_MAX_ROWS). */
export const StaffAuditCsvQuery = z
  .strictObject(AuditFilters)
  .refine(rangeOk, refusal('to must not be before from', 'INVALID_RANGE', 400))
  .refine(rangeShort, refusal(`At most ${STAFF_AUDIT_MAX_DAYS} days`, 'INVALID_RANGE', 400));
export type StaffAuditCsvQuery = z.infer<typeof StaffAuditCsvQuery>;
export const STAFF_AUDIT_CSV_MAX_ROWS = 50_000;

export const StaffAuditResponse = z.object({
  entries: z.array(StaffAuditEntry),
  next_before: z.string().nullable(),
});
export type StaffAuditResponse = z.infer<typeof StaffAuditResponse>;
