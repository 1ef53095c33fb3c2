import { Tabs, Typography } from 'antd';
import { Navigate, useNavigate, useParams } from 'react-router';
import { isDashboardTab, paths, type DashboardTab } from '@/app/paths';
import { PageHeading } from '@/components/page-heading';
import { useAdviser } from '@/lib/adviser';
import { InProgressTab } from '../components/in-progress-tab';
import { PolicyholdersTab } from '../components/policyholders-tab';
import { dashboardStrings as t } from '../strings';

/** /v2/dashboard and /v2/dashboard/:tab: In progress (default) and Policyholders. */
export function DashboardRoute() {
  const { tab } = useParams();
  const navigate = useNavigate();
  const { data: adviser } = useAdviser();

  if (tab !== undefined && !isDashboardTab(tab)) return <Navigate to={paths.dashboard()} replace />;
  const activeTab: DashboardTab = tab ?? 'in-progress';

  return (
    <>
      <header className="page-header">
        <PageHeading>{t.heading}</PageHeading>
        {adviser && <Typography.Text type="secondary">{t.welcome(adviser.name)}</Typography.Text>}
      </header>
      <div className="panel">
        <Tabs
          activeKey={activeTab}
          onChange={(key) => {
            if (isDashboardTab(key)) void navigate(paths.dashboard(key));
          }}
          items={[
            { key: 'in-progress', label: t.tabs.inProgress, children: <InProgressTab /> },
            { key: 'policyholders', label: t.tabs.policyholders, children: <PolicyholdersTab /> },
          ]}
        />
      </div>
    </>
  );
}
