import { Button, Flex, Layout } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useRouteError } from 'react-router';
import { HelpContacts } from '@/components/help-contacts';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { useAudience } from './audience';
import { Brand } from './layout/brand';
import { appStrings } from './strings';

/**
 * §2, §8: the router's error element. Whatever a page throws (a bug, malformed data, a page's
 * code that failed to download) shows the generic error copy (errorPageContent), the support
 * contacts, and a way out: Sign out, after which the next sign-in comes back to this address
 * (path and query), and Try again, which loads the page afresh. The heading takes focus so a
 * screen reader starts here. Kept free of data hooks: it must not fail itself.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const here = `${location.pathname}${location.search}`;
  const audience = useAudience();

  useEffect(() => {
    // For whoever investigates: the browser console keeps what was thrown.
    console.error('The page failed:', error);
  }, [error]);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);

  const onSignOut = () => {
    setSigningOut(true);
    void signOut({ reason: 'signed-out', returnTo: here });
  };

  return (
    <section className="problem-panel route-error" aria-labelledby="route-error-title">
      <CloseCircleFilled aria-hidden="true" style={{ fontSize: 56, color: '#cf1322', marginBottom: 16 }} />
      <h1 id="route-error-title" className="problem-panel__title" ref={heading} tabIndex={-1}>
        {appStrings.errorPageContent.title}
      </h1>
      <p className="problem-panel__description">{appStrings.errorPageContent.description}</p>
      <HelpContacts lead={appStrings.errorPageHelp} or={appStrings.errorPageHelpEmail} audience={audience === 'client' ? 'client' : 'staff'} />
      <p className="problem-panel__description">{appStrings.errorPageSignOutHint}</p>
      <Flex gap="small" justify="center" wrap>
        <Button type="primary" loading={signingOut} onClick={onSignOut}>
          {appStrings.errorPageSignOut}
        </Button>
        <Button onClick={() => window.location.reload()}>{appStrings.tryAgain}</Button>
      </Flex>
    </section>
  );
}

/**
 * The error element of the route tree's root: what a crash in a layout (the signed-in shell,
 * the route guard) shows, with a bare shell of its own since the layout is what failed.
 */
export function RootErrorPage() {
  return (
    <Layout className="app-shell">
      <Layout.Header className="app-header">
        <Brand />
      </Layout.Header>
      <Layout.Content id="main-content" className="app-content">
        <div className="page-container">
          <RouteErrorPage />
        </div>
      </Layout.Content>
    </Layout>
  );
}
