/** The tables of age and identity (./migrations/0009-identity.ts); part of `DB` in db/schema.ts. */
export interface IdentityTables {
  identities: IdentitiesTable;
  identity_checks: IdentityChecksTable;
}

/** A player's identity (docs/decisions/019-age-and-identity.md): the last details given and their check. */
export interface IdentitiesTable {
  user_id: string;
  full_name: string;
  /** YYYY-MM-DD. */
  date_of_birth: string;
  document_type: 'national_id' | 'passport' | 'alien_id';
  /** Normalised (no spaces, upper-case); never logged, never sent to a screen. */
  document_number: string;
  status: 'pending' | 'confirmed' | 'rejected';
  reason: 'NOT_FOUND' | 'NAME_MISMATCH' | 'DETAILS_MISMATCH' | 'CHECK_UNAVAILABLE' | null;
  /** The identity-check adapter that answered (IDENTITY_PROVIDER). */
  provider: string;
  checked_at: number;
  created_at: number;
  updated_at: number;
}

/** Every identity check made, kept for the regulator: who, which provider, when, what it answered. */
export interface IdentityChecksTable {
  id: string;
  user_id: string;
  provider: string;
  document_type: string;
  document_last4: string;
  status: 'pending' | 'confirmed' | 'rejected';
  reason: string | null;
  checked_at: number;
}
