import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { useAuth } from 'react-oidc-context';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { useAdviser } from '@/lib/adviser';
import { useIsUnderwriter } from '@/lib/auth/roles';
import { paths } from '../paths';
import { appStrings } from '../strings';
import { AppFooter } from './app-footer';
import { Brand } from './brand';
import { FirmLocationNotice } from './firm-location-notice';
import { RouteChangeEffects } from './route-change-effects';

/**
 * The signed-in shell: header with product, navigation and who is signed in; the page; the
 * footer. An adviser's menu leads to their dashboard and Underwriting Qi; an underwriter's to the workbench.
 */
export function AppLayout() {
  const underwriter = useIsUnderwriter();
  const navigate = useNavigate();

  return (
    <Layout className="app-shell">
      <RouteChangeEffects />
      {!underwriter && <FirmLocationNotice />}
      <a href="#main-content" className="skip-link">
        {appStrings.skipToContent}
      </a>
      <Layout.Header className="app-header">
        <Brand />
        <nav aria-label={appStrings.mainNavigation} className="app-header__nav">
          <ul className="app-nav">
            {underwriter ? (
              <li>
                <NavLink to={paths.workbench()} className="app-nav__link">
                  {appStrings.nav.workbench}
                </NavLink>
              </li>
            ) : (
              <>
                <li>
                  <NavLink to={paths.dashboard()} className="app-nav__link">
                    {appStrings.nav.dashboard}
                  </NavLink>
                </li>
                <li>
                  <NavLink to={paths.qi()} className="app-nav__link">
                    {appStrings.nav.qi}
                  </NavLink>
                </li>
              </>
            )}
          </ul>
        </nav>
        <div className="app-header__user">
          {underwriter ? <UnderwriterName /> : <AdviserName />}
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

function SignedInAs({ name, detail }: { name: string; detail?: string | null }) {
  return (
    <span aria-label={`${appStrings.signedInAs} ${name}`}>
      <UserOutlined aria-hidden="true" /> <span className="app-header__user-name">{name}</span>
      {detail && <span className="app-header__firm"> · {detail}</span>}
    </span>
  );
}

/** The adviser and their firm, from their profile. */
function AdviserName() {
  const { data: adviser } = useAdviser();
  return adviser ? <SignedInAs name={adviser.name} detail={adviser.firmName} /> : null;
}

/** An underwriter, as their token names them: they have no adviser profile. */
function UnderwriterName() {
  const auth = useAuth();
  const name = auth.user?.profile.name ?? auth.user?.profile.email;
  return name ? <SignedInAs name={name} detail={appStrings.underwriterRole} /> : null;
}
