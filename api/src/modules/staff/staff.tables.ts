/**
 * The staff module's tables (./migrations/0026-staff.ts; docs/decisions/052): each staff member's
 * TOTP secret (encrypted) and recovery codes (hashed), staff sessions and the staff audit log;
 * enrolment codes (hashed, ./migrations/0036-staff-enrolment-codes.ts).
 * Part of `DB` in db/schema.ts; row types never leave the server.
 */
export interface StaffTables {
  staff_totp: StaffTotpTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_sessions: StaffSessionsTable;
  staff_audit: StaffAuditTable;
  staff_enrolment_codes: StaffEnrolmentCodesTable;
  staff_role_grants: StaffRoleGrantsTable;
}

/**
 * A finance or admin grant waiting for a second administrator (./migrations/0048-staff-role-grants.ts,
 * docs/decisions/065): `role` as `users.roles` stores it.
 */
export interface StaffRoleGrantsTable {
  id: string;
  user_id: string;
  role: string;
  status: 'pending' | 'confirmed' | 'cancelled' | 'expired';
  proposed_by: string;
  reason: string;
  created_at: number;
  expires_at: number;
  decided_by: string | null;
  decided_at: number | null;
}

/** The one live enrolment code an administrator issued for a person (its SHA-256, never the code). */
export interface StaffEnrolmentCodesTable {
  user_id: string;
  code_hash: string;
  issued_by: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface StaffTotpTable {
  user_id: string;
  /** AES-256-GCM under STAFF_TOTP_KEY: `v1.<iv>.<tag>.<ciphertext>`, base64url (totp-crypto.ts). */
  secret_enc: string;
  created_at: number;
  /** Null until a code from the app confirmed the enrolment. */
  confirmed_at: number | null;
  /** The last 30-second step a code was accepted for: no code of it or before is taken again. */
  last_step: number | null;
}

export interface StaffRecoveryCodesTable {
  id: string;
  user_id: string;
  /** SHA-256 of the normalised code (50 random bits each, so no slow hash is needed). */
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

export type StaffSecondFactor = 'totp' | 'recovery_code';

export interface StaffSessionsTable {
  id: string;
  /** SHA-256 of the bearer token. */
  token_hash: string;
  user_id: string;
  second_factor: StaffSecondFactor;
  created_at: number;
  last_seen_at: number;
  /** The absolute end (created_at + STAFF_SESSION_MAX_SECONDS). */
  expires_at: number;
  ended_at: number | null;
  ended_reason: string | null;
  ended_by: string | null;
  /** The account's users.session_epoch when opened: the session ends once it moves on (0044). */
  account_epoch: number;
  /** Where it was opened: client address and user agent, for the record (decision 061). */
  ip: string | null;
  user_agent: string | null;
  /** The browser's staff device id (staff-device.ts): four eyes compares it (decision 061). */
  device_id: string | null;
}

export interface StaffAuditTable {
  /** UUIDv7: newest last, the page cursor. */
  id: string;
  at: number;
  actor_user_id: string | null;
  /** Only on a row moved from the old payment audit whose phone matched no account (0050). */
  actor_phone: string | null;
  action: string;
  target_user_id: string | null;
  target: string | null;
  /** JSON or null. */
  before: string | null;
  /** JSON or null. */
  after: string | null;
  reason: string | null;
  ip: string | null;
}
