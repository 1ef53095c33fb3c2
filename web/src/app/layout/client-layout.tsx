import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { useAuth } from 'react-oidc-context';
import { Outlet } from 'react-router';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { appStrings } from '../strings';
import { AppFooter } from './app-footer';
import { Brand } from './brand';
import { RouteChangeEffects } from './route-change-effects';

/**
 * The client portal's signed-in shell (issue 35): the product ("Client Portal"), who is signed in and
 * Sign out, which lands on the client portal's landing page (`useSignOut`); no adviser menu, no firm location, and a
 * footer with the clients' help line and no web chat.
 */
export function ClientLayout() {
  const auth = useAuth();
  const signOut = useSignOut();
  const name = auth.user?.profile.email ?? auth.user?.profile.name;
  return (
    <Layout className="app-shell client-portal">
      <RouteChangeEffects />
      <a href="#main-content" className="skip-link">
        {appStrings.skipToContent}
      </a>
      <Layout.Header className="app-header">
        <Brand />
        <div className="app-header__user">
          {name && (
            <span className="app-header__who" aria-label={`${appStrings.signedInAs} ${name}`}>
              <UserOutlined aria-hidden="true" /> <span className="app-header__user-name">{name}</span>
            </span>
          )}
          <Button ghost icon={<LogoutOutlined aria-hidden="true" />} onClick={() => void signOut({ reason: 'signed-out' })}>
            {appStrings.signOut}
          </Button>
        </div>
      </Layout.Header>
      <Layout.Content id="main-content" className="app-content" tabIndex={-1}>
        <div className="page-container">
          <Outlet />
        </div>
      </Layout.Content>
      <AppFooter audience="client" />
    </Layout>
  );
}
