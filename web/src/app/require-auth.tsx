import { useContext, useEffect, useRef, type ReactNode } from 'react';
import { useAuth } from 'react-oidc-context';
import { useLocation, useNavigate } from 'react-router';
import { PageStatus } from '@/components/page-status';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { isSigningOut, restartSignIn, signIn } from '@/lib/auth/user-manager';
import { BootstrapConfigContext } from '@/lib/config';
import { IdleWarning, useIdleTimer } from './idle-sign-out';
import { paths } from './paths';
import { ServiceErrorWatch } from './service-error';
import { appStrings } from './strings';

/**
 * Guards the routes that need sign-in (spec §2; `publicRoutes` in paths.ts are the others): an
 * unauthenticated user is sent to the identity provider, and comes back to this route. A sign-in
 * that failed (a failed silent renewal, an error from the provider) starts again the same way
 * (§6 "Sign-in failures redirect to login"), unless it keeps failing, when the portal error page
 * says so (EP2). Signed in, the idle log-out runs (§1, §9) and an API that goes down sends the
 * user to the service-error page.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const redirecting = useRef(false);
  const returnTo = `${location.pathname}${location.search}`;
  const leaving = isSigningOut();
  const mustSignIn = !leaving && !auth.isLoading && !auth.isAuthenticated && !auth.activeNavigator && !auth.error;
  const failed = !leaving && !auth.isLoading && !auth.isAuthenticated && auth.error !== undefined;

  useEffect(() => {
    if (!mustSignIn || redirecting.current) return;
    redirecting.current = true;
    signIn(auth, returnTo).catch(() => {
      redirecting.current = false;
    });
  }, [mustSignIn, auth, returnTo]);

  useEffect(() => {
    if (!failed || redirecting.current) return;
    redirecting.current = true;
    const giveUp = () => void navigate(paths.portalError(returnTo), { replace: true });
    restartSignIn(auth, returnTo)
      .then((started) => {
        if (!started) giveUp();
      })
      .catch(giveUp);
  }, [failed, auth, returnTo, navigate]);

  if (leaving) return <PageStatus message={appStrings.signingOut} />;
  if (auth.isAuthenticated) return <SignedIn>{children}</SignedIn>;
  return <PageStatus message={appStrings.signingIn} />;
}

/** A signed-in user's pages, with the idle log-out and the service-error watch. */
function SignedIn({ children }: { children: ReactNode }) {
  const config = useContext(BootstrapConfigContext);
  const { phase, secondsLeft, staySignedIn } = useIdleTimer(config?.idleTimeoutSeconds);
  const location = useLocation();
  const signOut = useSignOut();
  const started = useRef(false);
  const returnTo = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (phase !== 'expired' || started.current) return;
    started.current = true;
    void signOut({ reason: 'idle', returnTo });
  }, [phase, signOut, returnTo]);

  // At the limit the page goes at once: nothing of the client's stays on screen while the
  // identity provider is reached.
  if (phase === 'expired') return <PageStatus message={appStrings.signingOut} />;
  return (
    <>
      <ServiceErrorWatch />
      {children}
      {phase === 'warning' && (
        <IdleWarning
          secondsLeft={secondsLeft}
          onStay={staySignedIn}
          onSignOut={() => void signOut({ reason: 'signed-out', returnTo })}
        />
      )}
    </>
  );
}
