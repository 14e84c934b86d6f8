import { QueryClient } from '@tanstack/react-query';

/**
 * Retries are off: the HTTP client already tells the user about a failure, and a retried call
 * would tell them again. Focus refetching is off for the same reason.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
