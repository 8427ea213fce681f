import { QueryClient } from '@mchezo/host/query';

/**
 * 3 retries, exponential backoff capped at 30 s, unused data kept 5 minutes
 * (docs/product-rules.md#server-data-in-the-browser).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
