/**
 * The guard against a sign-in loop (EP2). A failed silent renewal, a sign-in error or a 401 from
 * the API starts the sign-in again by itself; if the identity provider or the API keeps failing,
 * that would bounce the browser between them for ever. So at most MAX_AUTOMATIC_SIGN_INS
 * automatic restarts are made within SIGN_IN_GUARD_WINDOW_MS (per tab, in session storage, as it
 * must survive the trips to the provider); after that the portal error page ("Invalid login
 * details") is shown, whose Try again is the user's own choice and clears the count.
 */

export const MAX_AUTOMATIC_SIGN_INS = 2;
export const SIGN_IN_GUARD_WINDOW_MS = 5 * 60_000;

const STORAGE_KEY = 'portal.automaticSignIns';

function recent(now: number): number[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored.filter((at): at is number => typeof at === 'number' && at > now - SIGN_IN_GUARD_WINDOW_MS && at <= now);
  } catch {
    return [];
  }
}

/** Whether another automatic sign-in may start now; if so, it is counted. */
export function mayStartAutomaticSignIn(now: number = Date.now()): boolean {
  const times = recent(now);
  if (times.length >= MAX_AUTOMATIC_SIGN_INS) return false;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...times, now]));
  } catch {
    // Without storage nothing can be counted across the redirects: refuse rather than loop.
    return false;
  }
  return true;
}

/** The user chose to try again: the count starts afresh. */
export function forgetAutomaticSignIns(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing kept
  }
}
