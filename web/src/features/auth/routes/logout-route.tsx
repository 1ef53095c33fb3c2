import { useEffect, useRef } from 'react';
import { useAuth } from 'react-oidc-context';
import { useSearchParams } from 'react-router';
import { RETURN_TO_PARAM } from '@/app/paths';
import { PageStatus } from '@/components/page-status';
import { safeReturnTo } from '@/lib/auth/return-to';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { authStrings } from '../strings';

/**
 * /v2/logout: signs out at the identity provider, which returns to the login landing page; with
 * `?returnTo=` (checked) the next sign-in comes back there.
 */
export function LogoutRoute() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const signOut = useSignOut();
  const started = useRef(false);
  const returnTo = safeReturnTo(params.get(RETURN_TO_PARAM));

  useEffect(() => {
    if (started.current || auth.isLoading) return;
    started.current = true;
    void signOut(returnTo ? { reason: 'signed-out', returnTo } : { reason: 'signed-out' });
  }, [auth.isLoading, signOut, returnTo]);

  return <PageStatus message={authStrings.signingOut} />;
}
