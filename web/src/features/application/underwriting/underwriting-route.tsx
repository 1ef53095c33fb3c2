import { Alert, Button, Skeleton } from 'antd';
import { useState } from 'react';
import { paths } from '@/app/paths';
import { Tabs } from '@/components/tabs';
import type { Schemas } from '@/lib/api-client';
import { stageOrder } from '@/lib/rules/journey';
import { clientName } from '../shared/application-model';
import { ApplicationHeader, ApplicationRoute, type ApplicationPageProps } from '../shared/components/application-page';
import { ContinueButton } from '../shared/components/continue-button';
import { JourneySteps } from '../shared/components/journey-steps';
import { EnquiryPanel } from './components/enquiry-panel';
import { ReferralStatus } from './components/referral-status';
import { underwritingStrings as t } from './strings';

type EnquirySummary = Schemas['EnquirySummary'];

/** Where a client's interview stands, from the application the server sent (AJ5). */
function interviewState(enquiries: readonly EnquirySummary[], applicantId: string): 'notStarted' | 'open' | 'closed' {
  const enquiry = enquiries.find((e) => e.applicantId === applicantId);
  return !enquiry ? 'notStarted' : enquiry.isOpen ? 'open' : 'closed';
}

/** /v2/application/:applicationId/application */
export function UnderwritingRoute() {
  return <ApplicationRoute page={Underwriting} />;
}

function Underwriting({ applicationId, application: data }: ApplicationPageProps) {
  const [active, setActive] = useState<string | null>(null);

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
          items={applicants.map((applicant, index) => ({
            key: applicant.id,
            label: t.clientTab(clientName(applicant, index), interviewState(enquiries, applicant.id)),
          }))}
        >
          {applicants.map((applicant, index) =>
            applicant.id === activeId ? (
              <EnquiryPanel
                key={applicant.id}
                applicationId={applicationId}
                applicantId={applicant.id}
                client={clientName(applicant, index)}
                applied={applied}
                started={enquiries.some((e) => e.applicantId === applicant.id)}
                email={applicant.contactDetails?.emailAddress ?? null}
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
              action={<ContinueButton to={paths.amra(applicationId)}>{t.continueToAmra}</ContinueButton>}
            />
          )}
        </Tabs>
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </>
  );
}
