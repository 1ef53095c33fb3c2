import { Navigate, Outlet, useNavigate } from 'react-router';
import { ProblemPanel } from '@/components/problem-panel';
import { useIsUnderwriter } from '@/lib/auth/roles';
import { paths } from './paths';
import { appStrings } from './strings';

/** `/`: an underwriter's home is the workbench, everyone else's the dashboard. */
export function RoleHome() {
  return <Navigate to={useIsUnderwriter() ? paths.workbench() : paths.dashboard()} replace />;
}

/**
 * The advisers' pages (dashboard, applications, policies): an underwriter never sees an
 * adviser's dashboard and is taken to the workbench; the API refuses them these calls anyway.
 */
export function AdvisersOnly() {
  if (useIsUnderwriter()) return <Navigate to={paths.workbench()} replace />;
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
