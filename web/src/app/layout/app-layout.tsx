import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { useAdviser } from '@/lib/adviser';
import { paths } from '../paths';
import { appStrings } from '../strings';
import { AppFooter } from './app-footer';
import { Brand } from './brand';
import { FirmLocationNotice } from './firm-location-notice';
import { RouteChangeEffects } from './route-change-effects';

/** The signed-in shell: header with product, navigation and the adviser; the page; the footer. */
export function AppLayout() {
  const { data: adviser } = useAdviser();
  const navigate = useNavigate();

  return (
    <Layout className="app-shell">
      <RouteChangeEffects />
      <FirmLocationNotice />
      <a href="#main-content" className="skip-link">
        {appStrings.skipToContent}
      </a>
      <Layout.Header className="app-header">
        <Brand />
        <nav aria-label={appStrings.mainNavigation} className="app-header__nav">
          <ul className="app-nav">
            <li>
              <NavLink to={paths.dashboard()} className="app-nav__link">
                {appStrings.nav.dashboard}
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="app-header__user">
          {adviser && (
            <span aria-label={`${appStrings.signedInAs} ${adviser.name}`}>
              <UserOutlined aria-hidden="true" />{' '}
              <span className="app-header__user-name">{adviser.name}</span>
              {adviser.firmName && <span className="app-header__firm"> · {adviser.firmName}</span>}
            </span>
          )}
          <Button ghost icon={<LogoutOutlined aria-hidden="true" />} onClick={() => void navigate(paths.logout())}>
            {appStrings.signOut}
          </Button>
        </div>
      </Layout.Header>
      <Layout.Content id="main-content" className="app-content" tabIndex={-1}>
        <div className="page-container">
          <Outlet />
        </div>
      </Layout.Content>
      <AppFooter />
    </Layout>
  );
}
