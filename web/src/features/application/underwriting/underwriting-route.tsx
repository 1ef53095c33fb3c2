import { Alert, Button, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { Tabs } from '@/components/tabs';
import { isApiError } from '@/lib/api-error';
import { stageOrder } from '@/lib/rules/journey';
import { useApplication } from '../shared/api/get-application';
import { clientName } from '../shared/application-model';
import { ApplicationHeader, ApplicationLoadFailed, ApplicationNotFound, parseApplicationId } from '../shared/components/application-page';
import { JourneySteps } from '../shared/components/journey-steps';
import { EnquiryPanel } from './components/enquiry-panel';
import { ReferralStatus } from './components/referral-status';
import { underwritingStrings as t } from './strings';

/** /v2/application/:applicationId/application */
export function UnderwritingRoute() {
  const id = parseApplicationId(useParams().applicationId);
  if (id === null) return <ApplicationNotFound />;
  return <Underwriting applicationId={id} />;
}

function Underwriting({ applicationId }: { applicationId: number }) {
  const application = useApplication(applicationId);
  const [active, setActive] = useState<string | null>(null);

  if (application.isError) {
    if (isApiError(application.error) && application.error.status === 404) return <ApplicationNotFound />;
    return <ApplicationLoadFailed onRetry={() => void application.refetch()} />;
  }
  const data = application.data;
  const applicants = data?.applicants ?? [];
  const activeId = active ?? applicants[0]?.id ?? '';
  const applied = data ? stageOrder.indexOf(data.status) >= stageOrder.indexOf('APPLY') : false;
  const enquiries = data?.applicantsEnquiries ?? [];
  const closed = (applicantId: string) => enquiries.some((e) => e.applicantId === applicantId && !e.isOpen);
  const open = applicants.find((a) => a.id !== activeId && !closed(a.id));
  const activeClosed = closed(activeId);

  return (
    <>
      <ApplicationHeader applicationId={applicationId} application={data} heading={t.heading} />
      <JourneySteps application={data} current="application" />
      {data?.status === 'UNDERWRITING' && <ReferralStatus application={data} />}
      {data ? (
        <Tabs
          label={t.clientsLabel}
          activeKey={activeId}
          onChange={setActive}
          items={applicants.map((applicant, index) => ({ key: applicant.id, label: clientName(applicant, index) }))}
        >
          {applicants.map((applicant, index) =>
            applicant.id === activeId ? (
              <EnquiryPanel
                key={applicant.id}
                applicationId={applicationId}
                applicantId={applicant.id}
                client={clientName(applicant, index)}
                applied={applied}
              />
            ) : null,
          )}
          {activeClosed && open && (
            <Alert
              type="info"
              showIcon
              style={{ marginTop: 24 }}
              message={t.otherClient(clientName(open, applicants.indexOf(open)))}
              action={<Button onClick={() => setActive(open.id)}>{t.openOtherClient(clientName(open, applicants.indexOf(open)))}</Button>}
            />
          )}
          {data.isUnderwritingComplete && (
            <Alert
              type="success"
              showIcon
              style={{ marginTop: 24 }}
              message={t.allClosed}
              action={<Link to={paths.amra(applicationId)}>{t.continueToAmra}</Link>}
            />
          )}
        </Tabs>
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </>
  );
}
