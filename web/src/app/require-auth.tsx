import { useEffect, useRef, type ReactNode } from 'react';
import { useAuth } from 'react-oidc-context';
import { useLocation } from 'react-router';
import { PageStatus } from '@/components/page-status';
import { ProblemPanel } from '@/components/problem-panel';
import { signIn } from '@/lib/auth/user-manager';
import { appStrings } from './strings';

/**
 * Guards the routes that need sign-in (all but callback, logout and not found, spec §2):
 * an unauthenticated user is sent to the identity provider, and comes back to this route.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const redirecting = useRef(false);
  const returnTo = `${location.pathname}${location.search}`;
  const mustSignIn = !auth.isLoading && !auth.isAuthenticated && !auth.activeNavigator && !auth.error;

  useEffect(() => {
    if (!mustSignIn || redirecting.current) return;
    redirecting.current = true;
    signIn(auth, returnTo).catch(() => {
      redirecting.current = false;
    });
  }, [mustSignIn, auth, returnTo]);

  if (auth.isAuthenticated) return <>{children}</>;
  if (auth.error && !auth.isLoading) {
    return (
      <ProblemPanel
        title={appStrings.signInFailedTitle}
        description={appStrings.signInFailedDescription}
        action={appStrings.tryAgain}
        onAction={() => void signIn(auth, returnTo)}
      />
    );
  }
  return <PageStatus message={appStrings.signingIn} />;
}
