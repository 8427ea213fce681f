import type { IdentityChecker, IdentityDetails, IdentityOutcome } from './identity-checker.js';

interface RegistryConfig {
  /** The registry's check endpoint (HTTPS). */
  url: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const RESULTS: Record<string, IdentityOutcome> = {
  match: { status: 'confirmed' },
  not_found: { status: 'rejected', reason: 'NOT_FOUND' },
  name_mismatch: { status: 'rejected', reason: 'NAME_MISMATCH' },
  details_mismatch: { status: 'rejected', reason: 'DETAILS_MISMATCH' },
  dob_mismatch: { status: 'rejected', reason: 'DETAILS_MISMATCH' },
};

/**
 * A population-register check over HTTPS (IDENTITY_PROVIDER=registry, api/README.md "Identity
 * checks"): POST {url} with `Authorization: Bearer <key>` and the JSON body
 * `{ document_type, document_number, full_name, date_of_birth }`; the answer's `result` is one of
 * match, not_found, name_mismatch, details_mismatch, dob_mismatch. Anything else (an HTTP error, a
 * timeout, an unknown result) is `unavailable`: nothing is decided, the player may try again.
 */
export class RegistryIdentityChecker implements IdentityChecker {
  readonly name = 'registry';
  constructor(private readonly config: RegistryConfig) {}

  async check(details: IdentityDetails): Promise<IdentityOutcome> {
    const doFetch = this.config.fetch ?? fetch;
    try {
      const res = await doFetch(this.config.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.config.apiKey}`,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          document_type: details.documentType,
          document_number: details.documentNumber,
          full_name: details.fullName,
          date_of_birth: details.dateOfBirth,
        }),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      if (!res.ok) return { status: 'unavailable' };
      const body = (await res.json()) as { result?: unknown };
      return (typeof body.result === 'string' && RESULTS[body.result]) || { status: 'unavailable' };
    } catch {
      return { status: 'unavailable' };
    }
  }
}
