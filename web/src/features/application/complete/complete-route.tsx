import { Alert, Button, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { ApplicationHeader, ApplicationRoute, type ApplicationPageProps } from '../shared/components/application-page';
import { JourneySteps } from '../shared/components/journey-steps';
import { PolicyCard } from './components/policy-card';
import { completeStrings as t } from './strings';

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
                <PolicyCard application={data} policy={policy} />
              </Col>
            ))}
          </Row>
          {/* The journey ends here: on to the adviser's other cases, or to these clients among the policyholders. */}
          <Flex justify="flex-end" gap="middle" wrap style={{ marginTop: 24 }}>
            <Button onClick={() => void navigate(paths.dashboard('policyholders'))}>{t.seePolicyholders}</Button>
            <Button type="primary" onClick={() => void navigate(paths.dashboard())}>
              {t.backToDashboard}
            </Button>
          </Flex>
        </>
      )}
    </>
  );
}
