import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from 'react-oidc-context';
import { signOut } from './user-manager';
import type { SignOutRecord } from './sign-out-record';

/**
 * Signing out from a page: everything react-query holds (clients' details, health answers) is
 * dropped from memory first, then the identity provider ends the session and returns to the
 * login landing page, or to `landing` (see `signOut`).
 */
export function useSignOut(): (record?: SignOutRecord, landing?: string) => Promise<void> {
  const auth = useAuth();
  const queryClient = useQueryClient();
  return async (record, landing) => {
    await queryClient.cancelQueries();
    queryClient.clear();
    await signOut(auth, record, landing);
  };
}
