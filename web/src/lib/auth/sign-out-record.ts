/**
 * Why the adviser was signed out and where they were, kept in this tab's session storage across
 * the trip to the identity provider's sign-out and back, so the login landing page can say so
 * ("You have signed out", or signed out for being idle) and the next sign-in can return there.
 * Works whether or not the provider hands `state` back after sign-out (EP3). Holds a route and
 * a reason only: nothing about the adviser or their clients.
 */
import { safeReturnTo } from './return-to';

export type SignOutReason = 'signed-out' | 'idle';

export interface SignOutRecord {
  reason: SignOutReason;
  /** The route to return to after the next sign-in; none means the user's home. */
  returnTo?: string;
}

const STORAGE_KEY = 'portal.signOut';

export function rememberSignOut(record: SignOutRecord): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Storage refused (private mode, quota): the landing page then says plainly "signed out".
  }
}

/** The last sign-out of this tab, if any (only a reason it knows and a safe route are kept). */
export function lastSignOut(): SignOutRecord | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { reason, returnTo } = parsed as Record<string, unknown>;
  if (reason !== 'signed-out' && reason !== 'idle') return undefined;
  const route = safeReturnTo(returnTo);
  return route ? { reason, returnTo: route } : { reason };
}

export function forgetSignOut(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing kept
  }
}
