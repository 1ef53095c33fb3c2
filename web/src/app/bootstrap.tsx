import type { User } from 'oidc-client-ts';
import { AuthProvider } from 'react-oidc-context';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { PageStatus } from '@/components/page-status';
import { ProblemPanel } from '@/components/problem-panel';
import { getUserManager } from '@/lib/auth/session';
import { returnToFrom } from '@/lib/auth/user-manager';
import { BootstrapConfigContext, useLoadBootstrapConfig, type BootstrapConfig } from '@/lib/config';
import { basename, paths } from './paths';
import { appStrings } from './strings';

type Router = ReturnType<typeof createBrowserRouter>;

/** Start-up: load the bootstrap configuration, then sign-in and routes configured from it. */
export function Bootstrap({ router }: { router: Router }) {
  const config = useLoadBootstrapConfig();

  if (config.isPending) return <PageStatus message={appStrings.startingUp} />;
  if (config.isError) {
    return (
      <ProblemPanel
        title={appStrings.startUpFailedTitle}
        description={appStrings.startUpFailedDescription}
        action={appStrings.tryAgain}
        onAction={() => void config.refetch()}
      />
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
