import { ArrowRightOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Flex, Row, Skeleton } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { stepState } from '@/lib/rules/journey';
import { AddApplicantPanel } from './components/add-applicant-panel';
import { ApplicantCard } from './components/applicant-card';
import { ApplicationHeader, ApplicationRoute, type ApplicationPageProps } from '../shared/components/application-page';
import { ChildrenCard } from './components/children-card';
import { JourneySteps, journeyState } from '../shared/components/journey-steps';
import { UnlockQuoteButton } from '../shared/components/unlock-quote-button';
import { clientDetailsStrings as t } from './strings';

const MAX_APPLICANTS = 2;

/** /v2/application/:applicationId/client-details */
export function ClientDetailsRoute() {
  return <ApplicationRoute page={ClientDetails} />;
}

function ClientDetails({ applicationId, application: data }: ApplicationPageProps) {
  const navigate = useNavigate();
  const [addedId, setAddedId] = useState<string | null>(null);

  // Spec §2: client details are locked during underwriting or when the quote is not editable.
  const locked = data ? !data.isQuoteEditable || data.status === 'UNDERWRITING' : false;
  const quoteOpen = data ? stepState(journeyState(data), 'quote').enabled : false;

  return (
    <>
      <ApplicationHeader applicationId={applicationId} application={data} heading={t.heading} />
      <JourneySteps application={data} current="clientDetails" />
      {locked && data && (
        <Alert type="info" showIcon message={t.locked} action={<UnlockQuoteButton application={data} />} style={{ marginBottom: 24 }} />
      )}
      {data ? (
        <>
          <Row gutter={[24, 24]} align="stretch">
            {data.applicants.map((applicant, index) => (
              <Col key={applicant.id} xs={24} lg={12}>
                <ApplicantCard
                  applicationId={data.id}
                  applicant={applicant}
                  index={index}
                  locked={locked}
                  removable={data.applicants.length > 1}
                  justAdded={applicant.id === addedId}
                />
              </Col>
            ))}
            {!locked && data.applicants.length < MAX_APPLICANTS && (
              <Col xs={24} lg={12}>
                <AddApplicantPanel key={data.applicants.length} applicationId={data.id} index={data.applicants.length} onAdded={setAddedId} />
              </Col>
            )}
            {data.applicants.length > 0 && (
              <Col span={24}>
                <ChildrenCard application={data} locked={locked} />
              </Col>
            )}
          </Row>
          {quoteOpen && (
            <Flex justify="flex-end" style={{ marginTop: 24 }}>
              <Button type="primary" size="large" onClick={() => void navigate(paths.quote(data.id))}>
                {t.continueToQuote} <ArrowRightOutlined aria-hidden="true" />
              </Button>
            </Flex>
          )}
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </>
  );
}
