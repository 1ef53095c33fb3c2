import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { useAuth } from 'react-oidc-context';
import { shellOf, useAudience } from '../audience';
import { AppFooter } from './app-footer';
import { Brand } from './brand';
import { RouteChangeEffects } from './route-change-effects';

/**
 * The shell of pages that need no sign-in (callback, logout, not found, service error). It speaks
 * to the page's audience (issue 50): on the client portal's pages, Client Portal and the clients'
 * help line.
 */
export function PublicLayout() {
  const auth = useAuth() as ReturnType<typeof useAuth> | undefined;
  const shell = shellOf(useAudience(), Boolean(auth?.user));
  return (
    <Layout className="app-shell">
      <RouteChangeEffects />
      <Layout.Header className="app-header">
        <Brand />
      </Layout.Header>
      <Layout.Content id="main-content" className="app-content">
        <div className="page-container">
          <Outlet />
        </div>
      </Layout.Content>
      <AppFooter audience={shell.help} />
    </Layout>
  );
}
