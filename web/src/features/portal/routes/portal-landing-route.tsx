import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useAuth } from 'react-oidc-context';
import { Link, Navigate } from 'react-router';
import { paths } from '@/app/paths';
import { PageHeading } from '@/components/page-heading';
import { signIn } from '@/lib/auth/user-manager';
import { useIsClient } from '@/lib/auth/roles';
import { startRegistration } from '../registration';
import { portalStrings } from '../strings';

const t = portalStrings.landing;

/**
 * §2 portal landing (no sign-in needed): what the client portal is, Login and Register. Login
 * signs in and goes to the client's home; Register opens the identity provider's sign-up and
 * comes back to "Confirm your details". A signed-in client is taken straight home.
 */
export function PortalLandingRoute() {
  const auth = useAuth();
  const client = useIsClient();
  const [starting, setStarting] = useState<'login' | 'register' | null>(null);

  if (auth.isAuthenticated && client) return <Navigate to={paths.clientHome()} replace />;

  const onLogin = () => {
    setStarting('login');
    signIn(auth, paths.clientHome()).catch(() => setStarting(null));
  };
  const onRegister = () => {
    setStarting('register');
    startRegistration(auth, paths.clientConfirm()).catch(() => setStarting(null));
  };

  return (
    <section className="client-portal client-landing" aria-labelledby="client-landing-title" style={{ maxWidth: 640 }}>
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
