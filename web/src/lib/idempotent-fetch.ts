/**
 * Every command (any request that is not GET, HEAD or OPTIONS) goes out with an `Idempotency-Key`,
 * and is sent once more, with the same key, if the first attempt fails on the network or is
 * answered 503 ("the change may not have been saved; try again"); a re-send that finds the first
 * attempt still running on the API waits for it (409 `idempotency-key-in-use`, `Retry-After`). The API answers a request
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

/**
 * The problem type of a re-send that reached the API while the first attempt with its key was
 * still running there (its answer lost on the way back): the API says how long to wait.
 */
export const KEY_IN_USE = 'urn:adviser-portal:problem:idempotency-key-in-use';

/** How often a re-send waits for a first attempt still running before the caller is told. */
export const KEY_IN_USE_WAITS = 5;

/** The longest wait for a first attempt still running, whatever `Retry-After` says. */
const LONGEST_IN_USE_WAIT_MS = 10_000;

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** How long a 409 `idempotency-key-in-use` asks to wait, or null for any other answer. */
async function inUseWaitMs(response: Response): Promise<number | null> {
  if (response.status !== 409) return null;
  const problem = (await response.clone().json().catch(() => null)) as { type?: unknown } | null;
  if (problem?.type !== KEY_IN_USE) return null;
  const seconds = Number(response.headers.get('Retry-After') ?? '1');
  return Math.min(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000, LONGEST_IN_USE_WAIT_MS);
}

/**
 * Wraps the client's `fetch`: reads pass straight through (no key, no re-send here: queries have
 * react-query's retry); a command gets a key and, after a network failure or a 503, exactly one
 * re-send with that key. A re-send that finds the first attempt still running on the API (409
 * `idempotency-key-in-use`) waits as the API asks and is sent again, a few times at most, so it
 * gets the first attempt's answer. What the last send answers (or how it failed) is what the
 * caller gets; other answers, 4xx included, are returned as they are.
 */
export function idempotentFetch(send: Send, retryDelayMs: number = COMMAND_RETRY_DELAY_MS): Send {
  return async (request) => {
    if (!isCommand(request.method)) return send(request);
    if (!request.headers.has(IDEMPOTENCY_KEY_HEADER)) request.headers.set(IDEMPOTENCY_KEY_HEADER, newIdempotencyKey());
    // Copied before sending: sending uses up the body, and every re-send must be the same request.
    const original = request.clone();

    try {
      const response = await send(request);
      if (response.status !== 503) return response;
      await response.body?.cancel();
    } catch (error) {
      // Cancelled by the caller: not a glitch to try again.
      if (request.signal.aborted) throw error;
    }
    await pause(retryDelayMs);
    let response = await send(original.clone());
    for (let wait = 0; wait < KEY_IN_USE_WAITS; wait += 1) {
      const waitMs = await inUseWaitMs(response);
      if (waitMs === null) return response;
      await response.body?.cancel();
      await pause(waitMs);
      response = await send(original.clone());
    }
    return response;
  };
}
