import { Button, Result } from 'antd';
import { useAuth } from 'react-oidc-context';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@/app/paths';
import { PageStatus } from '@/components/page-status';
import { signIn } from '@/lib/auth/user-manager';
import { authStrings } from '../strings';

function hasAuthResponse(search: string): boolean {
  const params = new URLSearchParams(search);
  return (params.has('code') || params.has('error')) && params.has('state');
}

/**
 * /v2/auth/callback: the identity provider returns here. The auth provider exchanges the code
 * and then navigates to the remembered route; this page only shows progress or a failure.
 */
export function AuthCallbackRoute() {
  const auth = useAuth();
  const location = useLocation();
  const inProgress = hasAuthResponse(location.search);

  if (auth.error) {
    return (
      <Result
        status="error"
        title={authStrings.signInFailedTitle}
        subTitle={authStrings.signInFailedDescription}
        extra={
          <Button type="primary" onClick={() => void signIn(auth, paths.dashboard())}>
            {authStrings.tryAgain}
          </Button>
        }
      />
    );
  }
  // While the code is exchanged, the provider navigates on; only a stray visit is redirected here.
  if (!inProgress && !auth.isLoading) {
    if (auth.isAuthenticated) return <Navigate to={paths.dashboard()} replace />;
    return (
      <Result
        status="info"
        title={authStrings.signInFailedTitle}
        extra={
          <Button type="primary" onClick={() => void signIn(auth, paths.dashboard())}>
            {authStrings.tryAgain}
          </Button>
        }
      />
    );
  }
  return <PageStatus message={authStrings.signingIn} />;
}
