/**
 * OpenID Connect sign-in with oidc-client-ts: authorization code with PKCE, the user kept in
 * sessionStorage, silent renewal with the refresh token near expiry.
 */
import { UserManager, WebStorageStateStore, type User, type UserManagerSettings } from 'oidc-client-ts';
import { absoluteUrl, paths } from '@/app/paths';
import type { BootstrapConfig } from '../config';
import { forgetFirmLocationAnnounced } from '../firm-location-notice';

export type IdentityConfig = BootstrapConfig['identity'];

export function userManagerSettings(identity: IdentityConfig, origin: string = window.location.origin): UserManagerSettings {
  return {
    authority: identity.authority,
    client_id: identity.clientId,
    redirect_uri: absoluteUrl(paths.authCallback(), origin),
    post_logout_redirect_uri: absoluteUrl('/', origin),
    response_type: 'code',
    scope: identity.scope,
    automaticSilentRenew: true,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  };
}

export function createUserManager(identity: IdentityConfig): UserManager {
  return new UserManager(userManagerSettings(identity));
}

/** What we carry through the identity provider and back. */
export interface SignInState {
  returnTo: string;
}

/** The part of a UserManager (or react-oidc-context's auth) that signing in and out needs. */
export interface SignInOut {
  signinRedirect(args?: { state?: unknown }): Promise<void>;
  signoutRedirect(): Promise<void>;
  removeUser(): Promise<void>;
}

/** The redirect to the identity provider under way, if any. */
let signingIn: Promise<void> | undefined;

/**
 * Sends the browser to the identity provider, once: the route guard and the API's 401 handler
 * can both ask at the same moment, and a second redirect would abort the first. A redirect
 * that fails to start may be tried again.
 */
export function signIn(auth: Pick<SignInOut, 'signinRedirect'>, returnTo: string): Promise<void> {
  if (signingIn) return signingIn;
  const state: SignInState = { returnTo };
  signingIn = auth.signinRedirect({ state }).catch((error: unknown) => {
    signingIn = undefined;
    throw error;
  });
  return signingIn;
}

/**
 * Signs out at the identity provider (which then returns to /v2/). If the provider cannot
 * (no end-session endpoint, or it is unreachable), forgets the user here and signs in again.
 */
export async function signOut(auth: SignInOut): Promise<void> {
  // The next sign-in is a new session: it announces the firm location again.
  forgetFirmLocationAnnounced();
  try {
    await auth.signoutRedirect();
  } catch {
    await auth.removeUser();
    await signIn(auth, paths.dashboard());
  }
}

/** The route to go back to after sign-in; only a path inside the app, never another site. */
export function returnToFrom(user: Pick<User, 'state'> | undefined | null): string {
  const state = user?.state;
  if (typeof state === 'object' && state !== null && 'returnTo' in state) {
    const { returnTo } = state;
    if (typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//')) {
      return returnTo;
    }
  }
  return paths.dashboard();
}
