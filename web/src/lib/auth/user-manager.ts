/**
 * OpenID Connect sign-in with oidc-client-ts: authorization code with PKCE, the user kept in
 * sessionStorage, silent renewal with the refresh token near expiry.
 */
import { UserManager, WebStorageStateStore, type User, type UserManagerSettings } from 'oidc-client-ts';
import { absoluteUrl, paths } from '@/app/paths';
import type { BootstrapConfig } from '../config';
import { forgetFirmLocationAnnounced } from '../firm-location-notice';
import { HOME_ROUTE, safeReturnTo } from './return-to';
import { mayStartAutomaticSignIn } from './sign-in-guard';
import { rememberSignOut, type SignOutRecord } from './sign-out-record';

export type IdentityConfig = BootstrapConfig['identity'];

export function userManagerSettings(identity: IdentityConfig, origin: string = window.location.origin): UserManagerSettings {
  return {
    authority: identity.authority,
    client_id: identity.clientId,
    redirect_uri: absoluteUrl(paths.authCallback(), origin),
    // The login landing page says "You have signed out" (EP3); the provider must allow it.
    post_logout_redirect_uri: absoluteUrl(paths.login(), origin),
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
  signoutRedirect(args?: { post_logout_redirect_uri?: string }): Promise<void>;
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
 * Set once signing out has begun, until the page unloads: the user is forgotten before the
 * browser leaves for the provider, and neither the route guard nor a 401 from a request still in
 * flight may start a sign-in then (its redirect would race the sign-out's).
 */
let signingOut = false;

export function isSigningOut(): boolean {
  return signingOut;
}

/** For tests, which stay on one page where a browser would have loaded the landing page afresh. */
export function forgetSigningOutForTests(): void {
  signingOut = false;
  signingIn = undefined;
}

/**
 * Signs out at the identity provider, which then returns to the login landing page (or `landing`,
 * a route of the portal: the client portal's landing for clients); `record` says why and where the
 * user was, for that page and the next sign-in (EP3). If the provider cannot (no end-session
 * endpoint, or it is unreachable), the user is forgotten here and the landing page is loaded
 * afresh, which also drops everything the page held in memory.
 */
export async function signOut(auth: SignInOut, record: SignOutRecord = { reason: 'signed-out' }, landing?: string): Promise<void> {
  signingOut = true;
  // The next sign-in is a new session: it announces the firm location again.
  forgetFirmLocationAnnounced();
  rememberSignOut(record);
  try {
    await (landing ? auth.signoutRedirect({ post_logout_redirect_uri: absoluteUrl(landing) }) : auth.signoutRedirect());
  } catch {
    await auth.removeUser();
    window.location.assign(absoluteUrl(landing ?? paths.login()));
  }
}

/**
 * §6 "a failed renewal logs the user out. Sign-in failures redirect to login": forgets the user
 * and sends the browser to the identity provider, to come back to `returnTo`, unless the loop
 * guard says this has happened too often (EP2). Answers whether the sign-in was started; when
 * not, the caller shows the portal error page.
 */
export async function restartSignIn(auth: Pick<SignInOut, 'signinRedirect' | 'removeUser'>, returnTo: string): Promise<boolean> {
  if (signingOut) return true;
  // One failure can be reported by several listeners (the renewal event, the route guard, a
  // 401): the sign-in already under way answers them all and is counted once.
  if (signingIn) {
    await signingIn;
    return true;
  }
  if (!mayStartAutomaticSignIn()) return false;
  await auth.removeUser();
  await signIn(auth, returnTo);
  return true;
}

/** The route to go back to after sign-in; only a path inside the app, never another site. */
export function returnToFrom(user: Pick<User, 'state'> | undefined | null): string {
  const state = user?.state;
  if (typeof state === 'object' && state !== null && 'returnTo' in state) {
    return safeReturnTo(state.returnTo) ?? HOME_ROUTE;
  }
  return HOME_ROUTE;
}
