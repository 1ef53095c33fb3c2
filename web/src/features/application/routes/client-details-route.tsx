import { Alert, Breadcrumb, Button, Col, Result, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { PageHeading } from '@/components/page-heading';
import { isApiError } from '@/lib/api-error';
import { stageColours, stageLabel } from '@/lib/application-stage';
import { formatDateTime } from '@/lib/format';
import { useApplication } from '../api/get-application';
import { AddApplicantPanel } from '../components/add-applicant-panel';
import { ApplicantCard } from '../components/applicant-card';
import { JourneySteps } from '../components/journey-steps';
import { applicationStrings as t } from '../strings';

const MAX_APPLICANTS = 2;

/** /v2/application/:applicationId/client-details */
export function ClientDetailsRoute() {
  const { applicationId } = useParams();
  const id = Number(applicationId);
  if (!Number.isSafeInteger(id) || id <= 0) return <ApplicationNotFound />;
  return <ClientDetails applicationId={id} />;
}

function ApplicationNotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={<PageHeading>{t.notFoundTitle}</PageHeading>}
      subTitle={t.notFoundDescription}
      extra={
        <Button type="primary" onClick={() => void navigate(paths.dashboard())}>
          {t.backToDashboard}
        </Button>
      }
    />
  );
}

function ClientDetails({ applicationId }: { applicationId: number }) {
  const application = useApplication(applicationId);

  if (application.isError) {
    if (isApiError(application.error) && application.error.status === 404) return <ApplicationNotFound />;
    return (
      <Result
        status="error"
        title={<PageHeading>{t.loadFailedTitle}</PageHeading>}
        subTitle={t.loadFailedDescription}
        extra={
          <Button type="primary" onClick={() => void application.refetch()}>
            {t.retry}
          </Button>
        }
      />
    );
  }

  const data = application.data;
  // Spec §2: client details are locked during underwriting or when the quote is not editable.
  const locked = data ? !data.isQuoteEditable || data.status === 'UNDERWRITING' : false;

  return (
    <>
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[
          { title: <Link to={paths.dashboard()}>{t.breadcrumbDashboard}</Link> },
          { title: t.applicationReference(applicationId) },
        ]}
      />
      <header className="page-header">
        <PageHeading>{t.heading}</PageHeading>
        {data && (
          <Space size="middle" wrap style={{ marginTop: 4 }}>
            <Typography.Text strong>{t.applicationReference(data.id)}</Typography.Text>
            <Tag color={stageColours[data.status]} bordered={false}>
              {data.applicationStatus || stageLabel(data.status)}
            </Tag>
            <Typography.Text type="secondary">{t.lastUpdated(formatDateTime(data.updatedAt))}</Typography.Text>
          </Space>
        )}
      </header>
      <JourneySteps />
      {locked && <Alert type="info" showIcon message={t.locked} style={{ marginBottom: 24 }} />}
      {data ? (
        <Row gutter={[24, 24]} align="stretch">
          {data.applicants.map((applicant, index) => (
            <Col key={applicant.id} xs={24} lg={12}>
              <ApplicantCard applicationId={data.id} applicant={applicant} index={index} locked={locked} />
            </Col>
          ))}
          {!locked && data.applicants.length < MAX_APPLICANTS && (
            <Col xs={24} lg={12}>
              <AddApplicantPanel key={data.applicants.length} applicationId={data.id} index={data.applicants.length} />
            </Col>
          )}
        </Row>
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </>
  );
}
