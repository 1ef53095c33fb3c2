/**
 * The app's single UserManager, wired to the API client. Kept at module level so React's
 * StrictMode (which runs initialisers twice) never makes a second one that would also renew.
 */
import type { Middleware } from 'openapi-fetch';
import type { UserManager } from 'oidc-client-ts';
import { currentRoute } from '@/app/paths';
import { api } from '../api-client';
import { createApiAuthMiddleware } from './api-auth';
import { createUserManager, signIn, signOut, type IdentityConfig } from './user-manager';

let session: { key: string; userManager: UserManager; middleware: Middleware } | undefined;
let reauthenticating = false;

export function getUserManager(identity: IdentityConfig): UserManager {
  const key = JSON.stringify(identity);
  if (session?.key === key) return session.userManager;
  if (session) {
    api.eject(session.middleware);
    session.userManager.stopSilentRenew();
  }

  const userManager = createUserManager(identity);
  const middleware = createApiAuthMiddleware({
    getAccessToken: async () => {
      const user = await userManager.getUser();
      return user && !user.expired ? user.access_token : undefined;
    },
    onUnauthorized: () => {
      if (reauthenticating) return;
      reauthenticating = true;
      // The page is leaving for the identity provider; later 401s from queries still in
      // flight must not start again (signIn also refuses a second redirect).
      void userManager
        .removeUser()
        .then(() => signIn(userManager, currentRoute()))
        .catch(() => {
          reauthenticating = false;
        });
    },
  });
  api.use(middleware);
  // Spec §6: a failed silent renewal logs the user out.
  userManager.events.addSilentRenewError(() => {
    void signOut(userManager);
  });

  session = { key, userManager, middleware };
  return userManager;
}
