import { ApiError } from '@mchezo/api-client/errors';
import { QueryClient } from '@tanstack/react-query';

/** One query client for the staff site: no retry of a refusal (4xx), one retry of anything else. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
      },
      mutations: { retry: false },
    },
  });
}
