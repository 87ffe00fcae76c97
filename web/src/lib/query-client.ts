import { QueryClient } from '@tanstack/react-query';

/**
 * Spec section 7: no polling, no refetch on focus, data never stale, no retries.
 * Because nothing goes stale on its own, every mutation invalidates the keys it changes.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
