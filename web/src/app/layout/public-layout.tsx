import { Layout } from 'antd';
import { Outlet, useMatch } from 'react-router';
import { paths, routePatterns } from '../paths';
import { appStrings } from '../strings';
import { AppFooter } from './app-footer';
import { Brand } from './brand';
import { RouteChangeEffects } from './route-change-effects';

/**
 * The shell of pages that need no sign-in (callback, logout, not found). On the client portal's
 * landing page it speaks to clients: Client Portal and the clients' help line (issue 35).
 */
export function PublicLayout() {
  const clientLanding = useMatch(routePatterns.portal) !== null;
  return (
    <Layout className="app-shell">
      <RouteChangeEffects />
      <Layout.Header className="app-header">
        {clientLanding ? <Brand product={appStrings.clientProductName} home={paths.portal()} /> : <Brand />}
      </Layout.Header>
      <Layout.Content id="main-content" className="app-content">
        <div className="page-container">
          <Outlet />
        </div>
      </Layout.Content>
      <AppFooter audience={clientLanding ? 'client' : 'staff'} />
    </Layout>
  );
}
