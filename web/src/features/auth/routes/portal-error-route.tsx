import { Button } from 'antd';
import { useState } from 'react';
import { useAuth } from 'react-oidc-context';
import { useSearchParams } from 'react-router';
import { RETURN_TO_PARAM } from '@/app/paths';
import { HelpContacts } from '@/components/help-contacts';
import { PageHeading } from '@/components/page-heading';
import { HOME_ROUTE, safeReturnTo } from '@/lib/auth/return-to';
import { forgetAutomaticSignIns } from '@/lib/auth/sign-in-guard';
import { signIn } from '@/lib/auth/user-manager';
import { authStrings } from '../strings';

/**
 * §2 error, §8 "Invalid login details": the identity provider could not sign the user in, or
 * kept failing (EP2). Try again is the user's own choice: it clears the loop guard and starts a
 * fresh sign-in, coming back to where they were going (`?returnTo=`, checked).
 */
export function PortalErrorRoute() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const [starting, setStarting] = useState(false);
  const returnTo = safeReturnTo(params.get(RETURN_TO_PARAM)) ?? HOME_ROUTE;

  const onTryAgain = () => {
    setStarting(true);
    forgetAutomaticSignIns();
    auth
      .removeUser()
      .then(() => signIn(auth, returnTo))
      .catch(() => setStarting(false));
  };

  return (
    <section className="problem-panel" aria-labelledby="portal-error-title">
      <div id="portal-error-title">
        <PageHeading>{authStrings.portalError.title}</PageHeading>
      </div>
      <p className="problem-panel__description">{authStrings.portalError.description}</p>
      <HelpContacts lead={authStrings.helpCall} or={authStrings.helpEmail} />
      <Button type="primary" loading={starting} onClick={onTryAgain}>
        {authStrings.portalError.tryAgain}
      </Button>
    </section>
  );
}
