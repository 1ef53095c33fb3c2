import { Navigate, useNavigate, useParams } from 'react-router';
import { isDashboardTab, paths, type DashboardTab } from '@/app/paths';
import { PageHeading } from '@/components/page-heading';
import { Tabs } from '@/components/tabs';
import { useAdviser } from '@/lib/adviser';
import { AskQiPanel } from '../components/ask-qi-panel';
import { MarketingAlert } from '../components/marketing-alert';
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
        {adviser && <p className="page-header__subtitle">{t.welcome(adviser.name)}</p>}
      </header>
      <MarketingAlert />
      <AskQiPanel />
      <div className="panel">
        <Tabs<DashboardTab>
          label={t.heading}
          activeKey={activeTab}
          onChange={(key) => void navigate(paths.dashboard(key))}
          items={[
            { key: 'in-progress', label: t.tabs.inProgress },
            { key: 'policyholders', label: t.tabs.policyholders },
          ]}
        >
          {activeTab === 'in-progress' ? <InProgressTab /> : <PolicyholdersTab />}
        </Tabs>
      </div>
    </>
  );
}
