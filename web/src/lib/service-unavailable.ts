/**
 * When the API is down rather than answering: the request never reached it (a network failure),
 * or a gateway in front of it said so (502, 503, 504). Such a failure sends the user to the
 * service-error page (§2) once the query's own retries are spent; any other answer (a 4xx, a
 * 500 with a problem) is the API speaking, and the page shows it in place (EP4).
 */
import { isApiError } from './api-error';

/** The API client's fetch rejected: no answer came back (offline, DNS, refused, reset). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The service could not be reached', { cause });
    this.name = 'NetworkError';
  }
}

const GATEWAY_STATUSES = new Set([502, 503, 504]);

export function isServiceUnavailable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return isApiError(error) && GATEWAY_STATUSES.has(error.status);
}
