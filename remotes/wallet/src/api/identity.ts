import { IDENTITY_KEY, identityQuery, isIdentityRequiredError } from '@mchezo/host/queries/identity';
import { type QueryClient, useQuery } from '@mchezo/host/query';

/** The player's identity from the page's one cache entry (the profile owns it: `@mchezo/host/queries`). */
export const useIdentity = () => useQuery(identityQuery);

/** After the API refused for want of a confirmed identity, read it again: the page then says so. */
export function recheckIdentity(queryClient: QueryClient, error: unknown): void {
  if (isIdentityRequiredError(error)) void queryClient.invalidateQueries({ queryKey: IDENTITY_KEY });
}
