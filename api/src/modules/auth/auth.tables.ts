import type { Generated } from 'kysely';

/**
 * The auth module's tables (created by 0001_initial, db/migrations/0001-initial.ts); part of `DB`
 * in db/schema.ts. Row types: they never leave the server (responses are DTOs built in the services).
 */
export interface AuthTables {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  otp_codes: OtpCodesTable;
  verification_tickets: VerificationTicketsTable;
}

export interface UsersTable {
  id: string;
  phone: string;
  username: string;
  email: string | null;
  full_name: string | null;
  password_hash: string;
  /** Comma-separated role names. */
  roles: string;
  status: 'pending_verification' | 'active' | 'suspended';
  /**
   * One more each time every session of the person is ended (revokeUserSessions): a staff session
   * opened in an earlier epoch stands no more (migrations/0043-signed-out-everywhere.ts).
   */
  session_epoch: Generated<number>;
  /** Why every session was last ended ('password_reset', 'staff_logout'); null if never. */
  signed_out_reason: Generated<string | null>;
  /** Opaque id given to game providers instead of anything personal. */
  player_ref: string;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoked_reason: string | null;
}

interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface OtpCodesTable {
  id: string;
  phone: string;
  purpose: 'verify' | 'reset';
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  consumed_at: number | null;
}

/**
 * What a browser holds between registration (or a pending login) and its code instead of the
 * password (0045, docs/decisions/062-verification-tickets.md): the ticket's SHA-256 only.
 */
export interface VerificationTicketsTable {
  ticket_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
