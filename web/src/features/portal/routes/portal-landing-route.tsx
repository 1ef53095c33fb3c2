import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useAuth } from 'react-oidc-context';
import { Link, Navigate } from 'react-router';
import { paths } from '@/app/paths';
import { PageHeading } from '@/components/page-heading';
import { SignedOutNotice } from '@/components/signed-out-notice';
import { forgetAutomaticSignIns } from '@/lib/auth/sign-in-guard';
import { forgetSignOut, lastSignOut } from '@/lib/auth/sign-out-record';
import { signIn } from '@/lib/auth/user-manager';
import { useIsClient } from '@/lib/auth/roles';
import { startRegistration } from '../registration';
import { portalStrings } from '../strings';

const t = portalStrings.landing;

/**
 * §2 portal landing (no sign-in needed): what the client portal is, Login and Register. Login
 * signs in and goes to the client's home; Register opens the identity provider's sign-up and
 * comes back to "Confirm your details". A signed-in client is taken straight home. A client who
 * has just signed out lands here and is told so (as advisers are on the login page), and Login
 * takes them back to where they were.
 */
export function PortalLandingRoute() {
  const auth = useAuth();
  const client = useIsClient();
  const [signedOut] = useState(lastSignOut);
  const [starting, setStarting] = useState<'login' | 'register' | null>(null);

  if (auth.isAuthenticated && client) return <Navigate to={paths.clientHome()} replace />;

  /** A sign-in the client asked for: the sign-out notice has done its job, and the automatic sign-in count starts again. */
  const starts = (what: 'login' | 'register') => {
    setStarting(what);
    forgetSignOut();
    forgetAutomaticSignIns();
  };
  const onLogin = () => {
    starts('login');
    signIn(auth, signedOut?.returnTo ?? paths.clientHome()).catch(() => setStarting(null));
  };
  const onRegister = () => {
    starts('register');
    startRegistration(auth, paths.clientConfirm()).catch(() => setStarting(null));
  };

  return (
    <section className="client-portal client-landing" aria-labelledby="client-landing-title" style={{ maxWidth: 640 }}>
      <SignedOutNotice record={signedOut} />
      <div id="client-landing-title">
        <PageHeading>{t.title}</PageHeading>
      </div>
      <Typography.Paragraph>{t.intro}</Typography.Paragraph>
      <Flex gap="middle" wrap>
        <Button type="primary" size="large" loading={starting === 'login'} disabled={starting === 'register'} onClick={onLogin}>
          {t.login}
        </Button>
        <Button size="large" loading={starting === 'register'} disabled={starting === 'login'} onClick={onRegister}>
          {t.register}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t.registerHint}
      </Typography.Paragraph>
      <Typography.Paragraph>
        {t.adviserHint} <Link to={paths.login()}>{t.adviserLink}</Link>
      </Typography.Paragraph>
    </section>
  );
}
