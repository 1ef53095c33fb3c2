import { useEffect, useRef } from 'react';
import { useAuth } from 'react-oidc-context';
import { PageStatus } from '@/components/page-status';
import { signOut } from '@/lib/auth/user-manager';
import { authStrings } from '../strings';

/** /v2/logout: signs out at the identity provider, which returns to /v2/. */
export function LogoutRoute() {
  const auth = useAuth();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || auth.isLoading) return;
    started.current = true;
    void signOut(auth);
  }, [auth]);

  return <PageStatus message={authStrings.signingOut} />;
}
