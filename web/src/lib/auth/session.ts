/**
 * The app's single UserManager, wired to the API client. Kept at module level so React's
 * StrictMode (which runs initialisers twice) never makes a second one that would also renew.
 */
import type { Middleware } from 'openapi-fetch';
import type { UserManager } from 'oidc-client-ts';
import { absoluteUrl, currentRoute, paths } from '@/app/paths';
import { api } from '../api-client';
import { createApiAuthMiddleware } from './api-auth';
import { keepCodecSession } from './codec-session';
import { createUserManager, restartSignIn, type IdentityConfig } from './user-manager';

let session: { key: string; userManager: UserManager; middleware: Middleware } | undefined;

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
    // A 401: the token is missing, expired or revoked; sign in again and come back here.
    onUnauthorized: () => void signInAgain(userManager),
  });
  api.use(middleware);
  // Spec §6: a failed silent renewal logs the user out, and sign-in failures redirect to login.
  userManager.events.addSilentRenewError(() => void signInAgain(userManager));
  keepCodecSession(userManager);

  session = { key, userManager, middleware };
  return userManager;
}

/**
 * Starts the sign-in again from where the user is; if the loop guard refuses (the provider or
 * the API keeps failing), loads the portal error page instead (EP2). The page is leaving, so a
 * full load is as good as the router's navigation, and this runs outside the router.
 */
async function signInAgain(userManager: UserManager): Promise<void> {
  const returnTo = currentRoute();
  try {
    if (await restartSignIn(userManager, returnTo)) return;
  } catch {
    // The provider could not be reached: say so rather than try again by ourselves.
  }
  window.location.assign(absoluteUrl(paths.portalError(returnTo)));
}
