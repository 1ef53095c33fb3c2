import { Alert, Col, Row, Skeleton, Typography } from 'antd';
import { clientName } from '../shared/application-model';
import { ApplicationHeader, ApplicationRoute, type ApplicationPageProps } from '../shared/components/application-page';
import { paths } from '@/app/paths';
import { pageStatusesFromSections } from '@/lib/rules/journey';
import { ContinueButton } from '../shared/components/continue-button';
import { JourneySteps } from '../shared/components/journey-steps';
import { ClientAmraCard } from './components/client-amra-card';
import { amraStrings as t } from './strings';

/** /v2/application/:applicationId/amra */
export function AmraRoute() {
  return <ApplicationRoute page={Amra} />;
}

function Amra({ applicationId, application: data }: ApplicationPageProps) {
  // §2: AMRA is locked in underwriting (with an underwriter) and once the policy is in force.
  const locked = data ? data.status === 'UNDERWRITING' || data.status === 'WENT_ON_RISK' : true;
  const unpriced = data ? !data.quote : false;
  // The server says when every client has answered (the AMRA page's section, AJ15).
  const allReady = data !== undefined && pageStatusesFromSections(data.sections).amra;

  return (
    <>
      <ApplicationHeader applicationId={applicationId} application={data} heading={t.heading} />
      <JourneySteps application={data} current="amra" />
      <Typography.Paragraph>{t.intro}</Typography.Paragraph>
      {locked && data && <Alert type="info" showIcon message={t.locked} style={{ marginBottom: 24 }} />}
      {unpriced && <Alert type="info" showIcon message={t.needsQuote} style={{ marginBottom: 24 }} />}
      {data ? (
        <Row gutter={[24, 24]}>
          {data.applicants.map((applicant, index) => (
            <Col key={applicant.id} xs={24} lg={data.applicants.length > 1 ? 12 : 24}>
              <ClientAmraCard applicant={applicant} title={clientName(applicant, index)} locked={locked || unpriced} />
            </Col>
          ))}
        </Row>
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
      {allReady && (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 24 }}
          message={t.allReady}
          action={
            data.status === 'DECISION' ? (
              <ContinueButton to={paths.decision(applicationId)}>{t.continueToDecision}</ContinueButton>
            ) : data.status === 'APPLY' ? (
              <ContinueButton to={paths.underwriting(applicationId)}>{t.continueToInterviews}</ContinueButton>
            ) : undefined
          }
        />
      )}
    </>
  );
}
