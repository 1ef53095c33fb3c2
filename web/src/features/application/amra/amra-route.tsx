import { Alert, Col, Row, Skeleton, Typography } from 'antd';
import { useParams } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { useApplication } from '../shared/api/get-application';
import { clientName } from '../shared/application-model';
import { ApplicationHeader, ApplicationLoadFailed, ApplicationNotFound, parseApplicationId } from '../shared/components/application-page';
import { JourneySteps } from '../shared/components/journey-steps';
import { ClientAmraCard } from './components/client-amra-card';
import { amraStrings as t } from './strings';

/** /v2/application/:applicationId/amra */
export function AmraRoute() {
  const id = parseApplicationId(useParams().applicationId);
  if (id === null) return <ApplicationNotFound />;
  return <Amra applicationId={id} />;
}

function Amra({ applicationId }: { applicationId: number }) {
  const application = useApplication(applicationId);
  if (application.isError) {
    if (isApiError(application.error) && application.error.status === 404) return <ApplicationNotFound />;
    return <ApplicationLoadFailed onRetry={() => void application.refetch()} />;
  }
  const data = application.data;
  // §2: AMRA is locked in underwriting (with an underwriter) and once the policy is in force.
  const locked = data ? data.status === 'UNDERWRITING' || data.status === 'WENT_ON_RISK' : true;
  const unpriced = data ? !data.quote : false;
  const allReady =
    data !== undefined &&
    data.applicants.length > 0 &&
    data.applicants.every((a) => a.isAmraConsentGranted === true && a.isViewMedicalReportsRequested != null && a.examiner?.isExaminerDetailsValid === true);

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
        />
      )}
    </>
  );
}
