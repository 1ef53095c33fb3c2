import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { useAuth } from 'react-oidc-context';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { useAdviser } from '@/lib/adviser';
import { useIsClient, useIsCustomerCare, useIsUnderwriter } from '@/lib/auth/roles';
import { paths } from '../paths';
import { appStrings } from '../strings';
import { AppFooter } from './app-footer';
import { AppNav } from './app-nav';
import { Brand } from './brand';
import { FirmLocationNotice } from './firm-location-notice';
import { RouteChangeEffects } from './route-change-effects';

/**
 * The signed-in shell: header with product, navigation and who is signed in; the page; the
 * footer. The menu is each role's (see AppNav); advisers alone get the firm-location notice and
 * the web chat launcher, which need an adviser's profile.
 */
export function AppLayout() {
  const underwriter = useIsUnderwriter();
  const customerCare = useIsCustomerCare();
  const client = useIsClient();
  const navigate = useNavigate();

  // A client has the client portal's own shell: never the adviser's menu or pages.
  if (client) return <Navigate to={paths.clientHome()} replace />;
  return (
    <Layout className="app-shell">
      <RouteChangeEffects />
      {!underwriter && !customerCare && <FirmLocationNotice />}
      <a href="#main-content" className="skip-link">
        {appStrings.skipToContent}
      </a>
      <Layout.Header className="app-header">
        <Brand />
        <AppNav />
        <div className="app-header__user">
          {underwriter ? <UnderwriterName /> : customerCare ? <StaffName role={appStrings.customerCareRole} /> : <AdviserName />}
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
      <AppFooter webChat={!underwriter && !customerCare} />
    </Layout>
  );
}

function SignedInAs({ name, detail }: { name: string; detail?: string | null }) {
  return (
    <span className="app-header__who" aria-label={`${appStrings.signedInAs} ${name}`}>
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
  return <StaffName role={appStrings.underwriterRole} />;
}

/** Insurer staff (underwriters, customer care), as their token names them: no adviser profile. */
function StaffName({ role }: { role: string }) {
  const auth = useAuth();
  const name = auth.user?.profile.name ?? auth.user?.profile.email;
  return name ? <SignedInAs name={name} detail={role} /> : null;
}
