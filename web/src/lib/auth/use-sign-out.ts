import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from 'react-oidc-context';
import { paths } from '@/app/paths';
import { endCodecSession } from './codec-session';
import { useIsClient } from './roles';
import { signOut } from './user-manager';
import type { SignOutRecord } from './sign-out-record';

/**
 * Signing out from a page: everything react-query holds (clients' details, health answers) is
 * dropped from memory first, then the identity provider ends the session and returns to the
 * landing page of whoever signed out: the client portal's for a client, the login page for
 * everyone else. Every way out (Sign out, idle, the error page, /logout) comes through here, so
 * a client never lands on the advisers' page and both landings say why (`SignedOutNotice`).
 */
export function useSignOut(): (record?: SignOutRecord) => Promise<void> {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const landing = useIsClient() ? paths.portal() : undefined;
  return async (record) => {
    await queryClient.cancelQueries();
    queryClient.clear();
    await endCodecSession(auth.user?.profile);
    await signOut(auth, record, landing);
  };
}
