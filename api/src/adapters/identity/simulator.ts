import type { IdentityChecker, IdentityDetails, IdentityOutcome } from './identity-checker.js';

/**
 * Development and tests (IDENTITY_PROVIDER=simulator, api/README.md "Identity checks"): answers
 * from the document number alone, so a tester picks the outcome:
 *   ends in 000 -> rejected, NOT_FOUND;  ends in 999 -> rejected, NAME_MISMATCH;
 *   ends in 998 -> rejected, DETAILS_MISMATCH (date of birth);  ends in 997 -> unavailable
 *   (the identity stays pending);  anything else -> confirmed.
 */
export class SimulatorIdentityChecker implements IdentityChecker {
  readonly name = 'simulator';

  async check({ documentNumber }: IdentityDetails): Promise<IdentityOutcome> {
    if (documentNumber.endsWith('000')) return { status: 'rejected', reason: 'NOT_FOUND' };
    if (documentNumber.endsWith('999')) return { status: 'rejected', reason: 'NAME_MISMATCH' };
    if (documentNumber.endsWith('998')) return { status: 'rejected', reason: 'DETAILS_MISMATCH' };
    if (documentNumber.endsWith('997')) return { status: 'unavailable' };
    return { status: 'confirmed' };
  }
}
