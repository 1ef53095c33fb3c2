/**
 * Every command (any request that is not GET, HEAD or OPTIONS) goes out with an `Idempotency-Key`,
 * and is sent once more, with the same key, if the first attempt fails on the network or is
 * answered 503 ("the change may not have been saved; try again"). The API answers a request
 * re-sent with a key it has seen with the first request's result and never changes anything twice,
 * so the re-send can never add a second client or cover.
 *
 * Why the key and the re-send live here, in the API client's `fetch`, and not in react-query:
 * each user action (one click, one submit) runs its mutation function once, which makes one call
 * to `api.POST/PUT/PATCH/DELETE`, which comes through here once. So "one call through here" is
 * "one action": the key is made here, and the only re-send of that action is made here too, from a
 * copy of the same request, so it cannot carry another key. A new click is a new call, so a new
 * key. React-query's own mutation `retry` stays off (see `query-client.ts`): it would run the
 * mutation function again, i.e. a second call here with a second key, which the API would treat as
 * a second change.
 *
 * A key the caller set itself is kept (and re-sent), for a caller that must span several calls.
 */

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** How long to wait before the one re-send: the API asks to try again, not to be hammered. */
export const COMMAND_RETRY_DELAY_MS = 500;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request may change something, so needs a key (every method but GET, HEAD and OPTIONS). */
export function isCommand(method: string): boolean {
  return !READS.has(method.toUpperCase());
}

/** A new key: a UUID (36 characters of hex digits and `-`), within the API's 1–100 of `[A-Za-z0-9-_.:]`. */
export function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts (https, localhost); getRandomValues exists everywhere.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

type Send = (request: Request) => Promise<Response>;

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Wraps the client's `fetch`: reads pass straight through (no key, no re-send here: queries have
 * react-query's retry); a command gets a key and, after a network failure or a 503, exactly one
 * re-send with that key, whose answer (or failure) is what the caller gets. Other answers,
 * 4xx included, are returned as they are.
 */
export function idempotentFetch(send: Send, retryDelayMs: number = COMMAND_RETRY_DELAY_MS): Send {
  return async (request) => {
    if (!isCommand(request.method)) return send(request);
    if (!request.headers.has(IDEMPOTENCY_KEY_HEADER)) request.headers.set(IDEMPOTENCY_KEY_HEADER, newIdempotencyKey());
    // Copied before sending: sending uses up the body, and the re-send must be the same request.
    const again = request.clone();

    try {
      const response = await send(request);
      if (response.status !== 503) return response;
      await response.body?.cancel();
    } catch (error) {
      // Cancelled by the caller: not a glitch to try again.
      if (request.signal.aborted) throw error;
    }
    await pause(retryDelayMs);
    return send(again);
  };
}
