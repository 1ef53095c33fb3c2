import { QueryClient, replaceEqualDeep } from '@tanstack/react-query';
import { isApiError } from './api-error';

const MAX_RETRIES = 2;

/** Client errors (4xx) are answers, not glitches: they are not retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

function versionOf(data: unknown): number | null {
  if (typeof data !== 'object' || data === null || !('version' in data)) return null;
  const { version } = data;
  return typeof version === 'number' ? version : null;
}

/**
 * What a cached thing becomes when a read or a command's answer arrives: never an older version
 * of it. Answers can arrive out of order: two changes to one client's interview (the last answer
 * saved, then the declaration ticked) are taken in turn by the server, but the answer to the first
 * can reach the page after the second's. Written over it, the page showed the declaration
 * unticked again until the cache was next refreshed, 30 seconds later (issue 49). Everything
 * the server versions (an application, an enquiry) carries `version`; anything else is replaced
 * as react-query does, keeping the unchanged parts.
 */
export function keepNewerVersion(previous: unknown, next: unknown): unknown {
  const before = versionOf(previous);
  const after = versionOf(next);
  if (before !== null && after !== null && after < before) return previous;
  return replaceEqualDeep(previous, next);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false, structuralSharing: keepNewerVersion },
      // Never on: a retry runs the mutation function again, a new request with a new
      // Idempotency-Key, which the API would apply as a second change. Commands are re-sent
      // (once, after a 503 or a network failure, with the same key) by the API client instead.
      mutations: { retry: false },
    },
  });
}
