import { Alert, Button, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { PageHeading } from '@/components/page-heading';
import { Tabs } from '@/components/tabs';
import { isProblem } from '@/lib/api-error';
import { clientName } from '@/lib/client-name';
import { useUnderwriterCase } from '../api/workbench';
import { ClaimBar } from '../components/claim-bar';
import { ClientPanel } from '../components/client-panel';
import { UpdatesPanel } from '../components/updates-panel';
import { caseStrings as t } from '../strings';

/** /v2/workbench/:applicationId: a referred case as the underwriter reads and works it. */
export function CaseRoute() {
  const applicationId = Number(useParams().applicationId);
  const valid = Number.isInteger(applicationId) && applicationId > 0;
  if (!valid) return <Alert type="warning" showIcon message={t.notFound} />;
  return <Case applicationId={applicationId} />;
}

function Case({ applicationId }: { applicationId: number }) {
  const found = useUnderwriterCase(applicationId);
  const [active, setActive] = useState<string | null>(null);
  const data = found.data;
  const applicants = data?.application.applicants ?? [];
  const activeId = active ?? applicants[0]?.id ?? '';
  const clients = applicants.map(clientName).join(' & ');

  return (
    <>
      <p style={{ marginBottom: 8 }}>
        <Link to={paths.workbench()}>← {t.back}</Link>
      </p>
      <header className="page-header">
        <PageHeading>{t.heading(applicationId, clients)}</PageHeading>
      </header>
      {found.isError ? (
        isProblem(found.error, 'not-found') ? (
          <Alert type="warning" showIcon message={t.notFound} />
        ) : (
          <Alert type="error" showIcon message={t.loadFailed} action={<Button onClick={() => void found.refetch()}>{t.retry}</Button>} />
        )
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 10 }} aria-label={t.loading} />
      ) : (
        <>
          <ClaimBar data={data} />
          {data.application.status === 'UNDERWRITING' && !data.isMine && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t.claimFirst} />}
          <div className="panel">
            <Tabs label={t.clientsLabel} activeKey={activeId} onChange={setActive} items={applicants.map((a, index) => ({ key: a.id, label: clientName(a, index) }))}>
              {applicants.map((applicant, index) =>
                applicant.id === activeId ? <ClientPanel key={applicant.id} data={data} applicant={applicant} client={clientName(applicant, index)} /> : null,
              )}
            </Tabs>
          </div>
          <UpdatesPanel
            applicationId={applicationId}
            updates={data.application.underwritingUpdates}
            canPost={(data.isMine && data.application.status === 'UNDERWRITING') || (data.application.status === 'DECISION' && !!data.application.referral.decidedAt)}
          />
        </>
      )}
    </>
  );
}
