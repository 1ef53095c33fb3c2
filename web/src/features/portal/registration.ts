import type { SignInState } from '@/lib/auth/user-manager';

/** What starting a registration needs of the OIDC client (react-oidc-context's auth). */
interface Redirects {
  signinRedirect(args: { state: SignInState; prompt?: string }): Promise<void>;
}

/**
 * Register: the identity provider's own sign-up, asked for with `prompt=create` (OpenID Connect
 * "Initiating User Registration"); the new client comes back signed in, to confirm their details.
 */
export function startRegistration(auth: Redirects, returnTo: string): Promise<void> {
  return auth.signinRedirect({ state: { returnTo }, prompt: 'create' });
}
