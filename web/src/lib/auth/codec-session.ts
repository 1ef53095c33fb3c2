import type { UserManager } from 'oidc-client-ts';
import { api } from '../api-client';
import { rolesOf } from './roles';

/**
 * Case handlers read a case's Temporal payloads decrypted in the Temporal Web UI (decision
 * EN9): the UI asks the API's codec, which acts for whoever holds this browser's codec session.
 * Each token a case handler (the `underwriter` role) is issued or renewed with is handed to
 * `/codec/session`, so the Web UI here decrypts while they are signed in, and never for anyone
 * else. A failure only leaves the UI showing ciphertext, so it is not reported.
 */
export function keepCodecSession(userManager: UserManager): void {
  userManager.events.addUserLoaded((user) => {
    if (isCaseHandler(user.profile)) void api.POST('/codec/session').catch(() => undefined);
  });
}

/** Signing out ends the Web UI's codec session too (before the token is gone). */
export async function endCodecSession(profile: Record<string, unknown> | undefined): Promise<void> {
  if (isCaseHandler(profile)) await api.DELETE('/codec/session').catch(() => undefined);
}

function isCaseHandler(profile: Record<string, unknown> | undefined): boolean {
  return rolesOf(profile).includes('underwriter');
}
