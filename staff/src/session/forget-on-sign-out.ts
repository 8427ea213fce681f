import type { QueryClient } from '@tanstack/react-query';
import { useSession } from './session-store.ts';

/**
 * Empties the query cache when the staff session goes (signed out, ended, expired): nothing the
 * last person read stays in memory for whoever signs in next on this tab. Returns the unsubscribe.
 */
export function forgetOnSignOut(queryClient: QueryClient): () => void {
  return useSession.subscribe((state, before) => {
    if (before.token && !state.token) queryClient.clear();
  });
}
