/**
 * Checks a player's details against a population register (docs/decisions/019-age-and-identity.md).
 * Implementations must never log the document number.
 */
export interface IdentityDetails {
  fullName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  documentType: 'national_id' | 'passport' | 'alien_id';
  /** Normalised: no spaces, letters upper-case. */
  documentNumber: string;
}

/**
 * `confirmed`: the register holds this document with this name and date of birth.
 * `rejected`: it does not (`reason` says which part failed).
 * `unavailable`: the register could not be asked (timeout, error); the player may try again.
 */
export type IdentityOutcome =
  | { status: 'confirmed' }
  | { status: 'rejected'; reason: 'NOT_FOUND' | 'NAME_MISMATCH' | 'DETAILS_MISMATCH' }
  | { status: 'unavailable' };

export interface IdentityChecker {
  readonly name: string;
  check(details: IdentityDetails): Promise<IdentityOutcome>;
}
