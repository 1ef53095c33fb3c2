import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

const MAX_RETRIES = 2;

/** Client errors (4xx) are answers, not glitches: they are not retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      // Never on: a retry runs the mutation function again, a new request with a new
      // Idempotency-Key, which the API would apply as a second change. Commands are re-sent
      // (once, after a 503 or a network failure, with the same key) by the API client instead.
      mutations: { retry: false },
    },
  });
}
