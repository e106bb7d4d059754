import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

const MINUTE = 60_000;

/** Client errors will fail the same way again; 408 (timeout) is the exception worth a retry. */
function isPermanentFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 2 * MINUTE,
        gcTime: 5 * MINUTE,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isPermanentFailure(error) && failureCount < 2,
      },
      mutations: {
        // One retry (docs/rules/platform.md#retries-and-caches), but never for a 4xx: repeating a rejected code or e-mail
        // would only count against the sign-in limits and duplicate the user's error.
        retry: (failureCount, error) => !isPermanentFailure(error) && failureCount < 1,
      },
    },
  });
}

export const queryClient = createQueryClient();
