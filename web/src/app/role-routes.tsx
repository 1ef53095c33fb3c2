import { Navigate, Outlet, useNavigate } from 'react-router';
import { ProblemPanel } from '@/components/problem-panel';
import { useIsClient, useIsCustomerCare, useIsUnderwriter } from '@/lib/auth/roles';
import { paths } from './paths';
import { appStrings } from './strings';

/**
 * `/`: an underwriter's home is the workbench, customer care's their own page, a client's the
 * client portal, everyone else's the dashboard.
 */
export function RoleHome() {
  const underwriter = useIsUnderwriter();
  const customerCare = useIsCustomerCare();
  const client = useIsClient();
  if (client) return <Navigate to={paths.clientHome()} replace />;
  return <Navigate to={underwriter ? paths.workbench() : customerCare ? paths.customerCare() : paths.dashboard()} replace />;
}

/**
 * The advisers' pages (dashboard, applications, policies): an underwriter never sees an
 * adviser's dashboard and is taken to the workbench, customer care to their own page; the API
 * refuses them these calls anyway.
 */
export function AdvisersOnly() {
  const underwriter = useIsUnderwriter();
  const customerCare = useIsCustomerCare();
  if (underwriter) return <Navigate to={paths.workbench()} replace />;
  if (customerCare) return <Navigate to={paths.customerCare()} replace />;
  return <Outlet />;
}

/** Customer care's page: anyone else goes to their own home. */
export function CustomerCareOnly() {
  if (!useIsCustomerCare()) return <RoleHome />;
  return <Outlet />;
}

/** The workbench: for underwriters only; anyone else is told so and sent back to their dashboard. */
export function UnderwritersOnly() {
  const underwriter = useIsUnderwriter();
  const navigate = useNavigate();
  if (underwriter) return <Outlet />;
  return (
    <ProblemPanel
      title={appStrings.workbenchOnlyTitle}
      description={appStrings.workbenchOnlyDescription}
      action={appStrings.goToDashboard}
      onAction={() => void navigate(paths.dashboard())}
    />
  );
}

/** The client portal's signed-in pages: anyone but a client goes to their own home. */
export function ClientsOnly() {
  if (!useIsClient()) return <RoleHome />;
  return <Outlet />;
}
