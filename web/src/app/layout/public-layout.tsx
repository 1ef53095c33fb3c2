import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { AppFooter } from './app-footer';
import { Brand } from './brand';
import { RouteChangeEffects } from './route-change-effects';

/** The shell of pages that need no sign-in (callback, logout, not found). */
export function PublicLayout() {
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
      <AppFooter />
    </Layout>
  );
}
