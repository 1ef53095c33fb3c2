/**
 * Spec §2, §6: the adviser is told which firm location they are working at, once per sign-in.
 * A flag in sessionStorage remembers the announcement for this adviser and location; signing
 * out forgets it, so the next sign-in announces again.
 */
const STORAGE_KEY = 'adviser-portal.firm-location-announced';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be switched off; then the notice shows on every load, which is harmless.
    return null;
  }
}

function flag(adviserId: string, locationId: string): string {
  return `${adviserId}:${locationId}`;
}

export function firmLocationAnnounced(adviserId: string, locationId: string): boolean {
  return storage()?.getItem(STORAGE_KEY) === flag(adviserId, locationId);
}

export function rememberFirmLocationAnnounced(adviserId: string, locationId: string): void {
  storage()?.setItem(STORAGE_KEY, flag(adviserId, locationId));
}

export function forgetFirmLocationAnnounced(): void {
  storage()?.removeItem(STORAGE_KEY);
}
