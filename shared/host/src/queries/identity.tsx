/**
 * The player's identity (docs/decisions/019-age-and-identity.md), read by the profile (which owns
 * it: its form writes the answer of PUT /identity here), the wallet's deposit and withdraw pages
 * and the lobby's game page, which check it up front and point to `IDENTITY_PROFILE_PATH`.
 * Store only the raw answer under this key (reshape with `select`).
 */
import { api } from '@mchezo/api-client/client';
import type { IdentityResponse } from '@mchezo/contracts/identity';
import { queryOptions } from '@mchezo/host/query';

export const IDENTITY_KEY = ['identity'] as const;

export const identityQuery = queryOptions({
  queryKey: IDENTITY_KEY,
  queryFn: ({ signal }) => api.get<IdentityResponse>('/identity', { signal }),
  // Read once for the page: the shell may have started it with the page's code (decision 030),
  // and the player's own answer replaces it (PUT /identity). A refusal for want of a confirmed
  // identity invalidates it, so a review decided meanwhile is read then.
  staleTime: 60_000,
});

/** Where a player confirms their identity: the profile's identity card. */
export const IDENTITY_PROFILE_PATH = '/profile#identity';

/**
 * True when the answer says the player must still confirm their identity. Unknown (loading, or a
 * failed read) is not "required": the page works as usual and the API still refuses if needed.
 */
export const identityRequired = (identity: IdentityResponse | undefined): boolean =>
  identity !== undefined && identity.status !== 'confirmed';

/** True for the API's refusal of an action that needs a confirmed identity (403 IDENTITY_REQUIRED). */
export function isIdentityRequiredError(error: unknown): boolean {
  const body = (error as { body?: unknown } | null)?.body as { code?: unknown } | null | undefined;
  return (error as { status?: unknown } | null)?.status === 403 && body?.code === 'IDENTITY_REQUIRED';
}
