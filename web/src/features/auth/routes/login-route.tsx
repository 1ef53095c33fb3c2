import { Button } from 'antd';
import { useState } from 'react';
import { useAuth } from 'react-oidc-context';
import { Navigate } from 'react-router';
import { HOME_ROUTE } from '@/lib/auth/return-to';
import { forgetAutomaticSignIns } from '@/lib/auth/sign-in-guard';
import { forgetSignOut, lastSignOut } from '@/lib/auth/sign-out-record';
import { signIn } from '@/lib/auth/user-manager';
import { HelpContacts } from '@/components/help-contacts';
import { PageHeading } from '@/components/page-heading';
import { SignedOutNotice } from '@/components/signed-out-notice';
import { authStrings } from '../strings';

/**
 * §2 login landing page: where an adviser lands after signing out (by choice, from the error
 * page, or for being idle; EP3). It shows the product, why they were signed out, Sign in and
 * the help contacts, and nothing about the adviser or their clients. Signing in comes back to
 * where they were when they were signed out. Someone already signed in is taken home.
 */
export function LoginRoute() {
  const auth = useAuth();
  const [signedOut] = useState(lastSignOut);
  const [starting, setStarting] = useState(false);

  if (auth.isAuthenticated) return <Navigate to={HOME_ROUTE} replace />;

  const onSignIn = () => {
    setStarting(true);
    forgetSignOut();
    forgetAutomaticSignIns();
    signIn(auth, signedOut?.returnTo ?? HOME_ROUTE).catch(() => setStarting(false));
  };

  return (
    <section className="login-landing" aria-labelledby="login-landing-title">
      <SignedOutNotice record={signedOut} />
      <div id="login-landing-title">
        <PageHeading>{authStrings.login.title}</PageHeading>
      </div>
      <p>{authStrings.login.intro}</p>
      <Button type="primary" size="large" loading={starting} onClick={onSignIn}>
        {authStrings.login.signIn}
      </Button>
      <HelpContacts lead={authStrings.login.help} or={authStrings.helpEmail} />
    </section>
  );
}
