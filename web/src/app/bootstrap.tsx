import type { User } from 'oidc-client-ts';
import { theme } from 'antd';
import { AuthProvider } from 'react-oidc-context';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { PageStatus } from '@/components/page-status';
import { getUserManager } from '@/lib/auth/session';
import { returnToFrom } from '@/lib/auth/user-manager';
import { BootstrapConfigContext, useLoadBootstrapConfig, type BootstrapConfig } from '@/lib/config';
import { isClientAddress } from './audience';
import { basename, currentRoute, paths } from './paths';
import { ServiceErrorContent } from './service-error';
import { appStrings } from './strings';

type Router = ReturnType<typeof createBrowserRouter>;

/** Start-up: load the bootstrap configuration, then sign-in and routes configured from it. */
export function Bootstrap({ router }: { router: Router }) {
  const config = useLoadBootstrapConfig();
  const { token } = theme.useToken();

  if (config.isPending) return <PageStatus message={appStrings.startingUp} />;
  // The API cannot be reached: the service-error page, in place, so Try again carries on to the
  // address the user asked for (EP4). No router and no sign-in yet: the address alone says
  // whether it is a client's page (OU4).
  if (config.isError) {
    const audience = isClientAddress(currentRoute().split('?')[0] ?? '') ? 'client' : 'adviser';
    return (
      <main className="app-content" style={{ fontFamily: token.fontFamily, fontSize: token.fontSize }}>
        <div className="page-container">
          <ServiceErrorContent audience={audience} retrying={config.isFetching} onRetry={() => void config.refetch()} />
        </div>
      </main>
    );
  }
  return <SignedInApp config={config.data} router={router} />;
}

function isSignInCallback(): boolean {
  return window.location.pathname === `${basename}${paths.authCallback()}`;
}

function SignedInApp({ config, router }: { config: BootstrapConfig; router: Router }) {
  const userManager = getUserManager(config.identity);

  const onSigninCallback = async (user: User | undefined) => {
    await router.navigate(returnToFrom(user), { replace: true });
  };

  return (
    <BootstrapConfigContext.Provider value={config}>
      <AuthProvider userManager={userManager} skipSigninCallback={!isSignInCallback()} onSigninCallback={onSigninCallback}>
        <RouterProvider router={router} />
      </AuthProvider>
    </BootstrapConfigContext.Provider>
  );
}
