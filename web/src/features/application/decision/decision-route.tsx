import { Alert, Button, Card, Col, Row, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import type { Schemas } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { formatMoneyWithPence } from '@/lib/format';
import { clientName, isLeftOut } from '../shared/application-model';
import { ApplicationHeader, ApplicationRoute, type ApplicationPageProps } from '../shared/components/application-page';
import { paths } from '@/app/paths';
import { ClientCovers } from '@/components/client-covers';
import { ContinueButton } from '../shared/components/continue-button';
import { JourneySteps } from '../shared/components/journey-steps';
import { OutcomeSummary } from '../shared/components/outcome-summary';
import { RequoteButton } from '../shared/components/requote-button';
import { UnderwritingUpdates } from '../shared/components/underwriting-updates';
import { useDecisionDocument, useDecisionQuote, useProceed, useRemoveAtDecision } from './api/decision';
import { Alternatives } from './components/alternatives';
import { IndicationComparison } from './components/indication-comparison';
import { decisionStrings as t } from './strings';

type Application = Schemas['Application'];

/** /v2/application/:applicationId/decision */
export function DecisionRoute() {
  return <ApplicationRoute page={Decision} />;
}

function Decision({ applicationId, application: data }: ApplicationPageProps) {
  const quote = useDecisionQuote(applicationId);
  const proceed = useProceed(applicationId);
  const remove = useRemoveAtDecision(applicationId);
  const download = useDecisionDocument(applicationId);
  const atDecision = data?.status === 'DECISION';
  const needsQuote = atDecision && !data.isDecisionValid;
  const { mutate: priceDecision, isIdle: notAskedYet } = quote;

  // §4 "Decision validity": the page prices the decision when it is not current.
  useEffect(() => {
    if (needsQuote && notAskedYet) priceDecision();
  }, [needsQuote, notAskedYet, priceDecision]);

  return (
    <>
      <ApplicationHeader applicationId={applicationId} application={data} heading={t.heading} />
      <JourneySteps application={data} current="decision" />
      <Typography.Paragraph>{t.intro}</Typography.Paragraph>
      {!data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <>
          {data.status === 'UNDERWRITING' && <Alert type="info" showIcon message={t.withUnderwriter} style={{ marginBottom: 24 }} />}
          {!atDecision && data.status !== 'UNDERWRITING' && data.status !== 'WENT_ON_RISK' && (
            <Alert type="info" showIcon message={t.notYet} style={{ marginBottom: 24 }} />
          )}
          <Row gutter={[24, 24]}>
            {data.applicants.map((applicant, index) => {
              const outcome = data.applicantsEnquiries.find((e) => e.applicantId === applicant.id)?.outcome;
              return (
                <Col key={applicant.id} xs={24} lg={data.applicants.length > 1 ? 12 : 24}>
                  <Card title={clientName(applicant, index)}>
                    {outcome && <OutcomeSummary outcome={outcome} covers={applicant.covers ?? []} />}
                    <IndicationComparison applicationId={applicationId} version={data.version} applicant={applicant} index={index} />
                    {atDecision && data.applicants.length > 1 && hasNoCoverLeft(applicant) && (
                      <Alert
                        type="warning"
                        showIcon
                        style={{ marginTop: 12 }}
                        message={t.noCoverLeft(clientName(applicant, index))}
                        action={
                          <Button size="small" loading={remove.isPending} onClick={() => remove.mutate(applicant.id, { onSuccess: () => quote.mutate() })}>
                            {t.remove(clientName(applicant, index))}
                          </Button>
                        }
                      />
                    )}
                  </Card>
                </Col>
              );
            })}
          </Row>
          {atDecision && (
            <section aria-labelledby="decision-price-heading" style={{ marginTop: 24 }}>
              <Typography.Title level={2} id="decision-price-heading" style={{ fontSize: 20 }}>
                {t.priceHeading}
              </Typography.Title>
              {quote.isPending && (
                <div role="status">
                  <Typography.Text type="secondary">{t.quoting}</Typography.Text>
                  <Skeleton active paragraph={{ rows: 3 }} />
                </div>
              )}
              {quote.isError && (
                <Alert
                  type="error"
                  showIcon
                  message={t.quoteFailed}
                  action={<Button onClick={() => quote.mutate()}>{t.retry}</Button>}
                />
              )}
              {data.decisionQuote && data.isDecisionValid && (
                <>
                  <DecisionPrice application={data} />
                  <div style={{ marginTop: 12 }}>
                    <Button
                      loading={download.isPending}
                      onClick={() => download.mutate(undefined)}
                    >
                      {t.download}
                    </Button>
                    {download.isError && <Alert type="error" showIcon style={{ marginTop: 8 }} message={t.downloadFailed} />}
                  </div>
                  {!data.proceededAt && <Alternatives application={data} />}
                </>
              )}
            </section>
          )}
          <UnderwritingUpdates applicationId={applicationId} version={data.version} />
          {atDecision && (
            <div style={{ marginTop: 24 }}>
              {data.proceededAt ? (
                <Alert
                  type="success"
                  showIcon
                  message={t.proceeded}
                  action={<ContinueButton to={paths.setUp(applicationId)}>{t.continueToSetUp}</ContinueButton>}
                />
              ) : (
                <>
                  {remove.isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t.removeFailed} />}
                  {proceed.isError && (
                    <Alert
                      type="error"
                      showIcon
                      style={{ marginBottom: 12 }}
                      message={isApiError(proceed.error) ? proceed.error.message : t.proceedFailed}
                    />
                  )}
                  <Button type="primary" loading={proceed.isPending} disabled={!data.isDecisionValid} onClick={() => proceed.mutate()}>
                    {t.proceed}
                  </Button>
                </>
              )}
            </div>
          )}
          {atDecision && !data.active && <RequoteButton applicationId={applicationId} afterProceed={Boolean(data.proceededAt)} />}
        </>
      )}
    </>
  );
}

/** Every cover of the client was postponed or declined. */
function hasNoCoverLeft(applicant: Application['applicants'][number]): boolean {
  const covers = applicant.covers ?? [];
  return covers.length > 0 && covers.every((c) => isLeftOut(c.decision));
}

/**
 * Each client's covers priced at the quote and on their terms, with the client's policy fee and
 * total, then the application's total: every line that makes up the total is on the page.
 */
function DecisionPrice({ application }: { application: Application }) {
  const decision = application.decisionQuote;
  if (!decision) return null;
  return (
    <>
      {application.applicants.map((applicant, index) => (
        <ClientCovers key={applicant.id} application={application} applicant={applicant} index={index} withQuoted />
      ))}
      <Typography.Paragraph strong style={{ marginTop: 12, marginBottom: 4 }}>
        {t.total}: {formatMoneyWithPence(decision.premium)}
      </Typography.Paragraph>
      {decision.unloadedPremium != null && decision.unloadedPremium !== decision.premium && (
        <Typography.Text type="secondary">{t.beforeLoadings(formatMoneyWithPence(decision.unloadedPremium))}</Typography.Text>
      )}
    </>
  );
}
