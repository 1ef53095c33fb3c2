import { Alert, Button, Col, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { DocumentDownloads } from '@/components/document-downloads';
import type { Schemas } from '@/lib/api-client';
import { formatDate, formatMoneyWithPence } from '@/lib/format';
import { ApplicationHeader, ApplicationRoute, type ApplicationPageProps } from '../shared/components/application-page';
import { JourneySteps } from '../shared/components/journey-steps';
import { completeStrings as t } from './strings';
import { SectionCard } from '@/components/section-card';

type Policy = Schemas['Policy'];

/** /v2/application/:applicationId/complete */
export function CompleteRoute() {
  return <ApplicationRoute page={Complete} />;
}

function Complete({ applicationId, application: data }: ApplicationPageProps) {
  const navigate = useNavigate();
  return (
    <>
      <ApplicationHeader applicationId={applicationId} application={data} heading={t.heading} />
      <JourneySteps application={data} current="complete" />
      {!data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : !data.active ? (
        <Alert type="info" showIcon message={t.notYet} action={<Link to={paths.review(data.id)}>{t.toReview}</Link>} />
      ) : (
        <>
          <Typography.Paragraph>{t.intro}</Typography.Paragraph>
          <Row gutter={[24, 24]}>
            {data.policies.map((policy) => (
              <Col key={policy.policyReference} xs={24} lg={data.policies.length > 1 ? 12 : 24}>
                <PolicyCard policy={policy} />
              </Col>
            ))}
          </Row>
          <Flex justify="flex-end" style={{ marginTop: 24 }}>
            <Button onClick={() => void navigate(paths.dashboard())}>{t.backToDashboard}</Button>
          </Flex>
        </>
      )}
    </>
  );
}

/** One client's policy: number, status, premium, the cancellation window and the documents. */
function PolicyCard({ policy }: { policy: Policy }) {
  const headingId = `policy-${policy.policyReference}`;
  const inForce = policy.status === 'inForce';
  return (
    <SectionCard
      heading={policy.holderName}
      headingId={headingId}
      landmarkStyle={{ height: '100%' }}
      extra={<Link to={paths.policyHolder(policy.applicantId)}>{t.viewPolicy(policy.holderName)}</Link>}
      style={{ height: '100%' }}
    >
      <dl className="fact-list">
        <dt>{t.policyNumber}</dt>
        <dd>{policy.policyReference}</dd>
        <dt>{t.status}</dt>
        <dd>
          <Tag color={inForce ? 'green' : 'blue'} bordered={false}>
            {inForce ? t.inForce : t.startsOn(formatDate(policy.startsOn))}
          </Tag>
        </dd>
        <dt>{t.monthlyPremium}</dt>
        <dd>{formatMoneyWithPence(policy.monthlyPremium)}</dd>
        <dt>{t.cancellation}</dt>
        <dd>
          {policy.cancellationWindowClosed
            ? t.cancellationEnded(formatDate(policy.cancellationEndsOn))
            : t.cancelUntil(formatDate(policy.cancellationEndsOn))}
        </dd>
      </dl>
      <Typography.Title level={3} style={{ fontSize: 15, marginTop: 20 }}>
        {t.documentsHeading(policy.holderName)}
      </Typography.Title>
      {policy.documents.length === 0 ? (
        <Typography.Text type="secondary">{t.noDocuments}</Typography.Text>
      ) : (
        <DocumentDownloads documents={policy.documents} label={(document) => t.download(document.title)} failed={t.downloadFailed} />
      )}
    </SectionCard>
  );
}
