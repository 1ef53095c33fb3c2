import { useAuth } from 'react-oidc-context';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@/app/paths';
import { PageStatus } from '@/components/page-status';
import { HOME_ROUTE } from '@/lib/auth/return-to';
import { returnToFrom } from '@/lib/auth/user-manager';
import { authStrings } from '../strings';

function hasAuthResponse(search: string): boolean {
  const params = new URLSearchParams(search);
  return (params.has('code') || params.has('error')) && params.has('state');
}

/** Where the failed sign-in was going: the provider's error carries the state we sent. */
function intendedRoute(error: { innerError?: unknown }): string {
  const inner = error.innerError;
  const state = typeof inner === 'object' && inner !== null && 'state' in inner ? inner.state : undefined;
  return returnToFrom({ state });
}

/**
 * /v2/auth/callback: the identity provider returns here. The auth provider exchanges the code
 * and then navigates to the remembered route; this page only shows progress. A failed sign-in
 * goes to the portal error page ("Invalid login details", §8), never straight back to the
 * provider: one that keeps refusing would otherwise loop (EP2).
 */
export function AuthCallbackRoute() {
  const auth = useAuth();
  const location = useLocation();
  const inProgress = hasAuthResponse(location.search);

  if (auth.error) return <Navigate to={paths.portalError(intendedRoute(auth.error))} replace />;
  // While the code is exchanged, the provider navigates on; a stray visit goes home, which signs in.
  if (!inProgress && !auth.isLoading) return <Navigate to={HOME_ROUTE} replace />;
  return <PageStatus message={authStrings.signingIn} />;
}
