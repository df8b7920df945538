import { QueryClient } from '@tanstack/react-query';

/** One client per server request: its data never goes stale by time, and a failed load is not tried again. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        retry: false,
        retryOnMount: false,
      },
    },
  });
}
