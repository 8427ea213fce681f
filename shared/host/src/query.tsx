/**
 * Server-state primitives (TanStack Query) for remotes and the shell: the shell owns the page's
 * one QueryClient, and remotes read and write it through these hooks.
 *
 * Remotes import from here, never from `@tanstack/react-query` directly: this module is shared
 * as a singleton (one QueryClient context for the page) and trimmed to these names.
 */
export type { QueryClient as QueryClientType, QueryKey, UseQueryResult } from '@tanstack/react-query';
export {
  infiniteQueryOptions,
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
