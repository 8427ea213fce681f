import { api } from '@mchezo/api-client/client';
import type { IdentityRequest, IdentityResponse } from '@mchezo/contracts/identity';
import { IDENTITY_KEY, identityQuery } from '@mchezo/host/queries/identity';
import { useMutation, useQuery, useQueryClient } from '@mchezo/host/query';

/** The player's identity, from the page's one cache entry (read by the wallet and lobby too). */
export const useIdentity = () => useQuery(identityQuery);

/** PUT /identity: the answer (confirmed, rejected or pending) replaces the shared entry. */
export function useSubmitIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IdentityRequest) => api.put<IdentityResponse>('/identity', body),
    onSuccess: (answer) => queryClient.setQueryData(IDENTITY_KEY, answer),
  });
}
