import { Alert, Button, Card, Col, Flex, Modal, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { ProblemSummary } from '@/components/problem-summary';
import { isApiError, type FieldError } from '@/lib/api-error';
import { formatDate, formatMoneyWithPence } from '@/lib/format';
import { ordinal } from '@/lib/ordinal';
import { ukToday } from '@/lib/rules/dates';
import { clientName, policyholders, type Application } from '../shared/application-model';
import { ApplicationHeader, ApplicationRoute, type ApplicationPageProps } from '../shared/components/application-page';
import { JourneySteps } from '../shared/components/journey-steps';
import { useActivateApplication } from './api/activate-application';
import { useDirectDebit } from '../shared/api/direct-debit';
import { DirectDebitCollections } from '../shared/components/direct-debit';
import { ActivationProblems } from './components/activation-problems';
import { ClientCovers } from '@/components/client-covers';
import { reviewStrings as t } from './strings';

/** /v2/application/:applicationId/review */
export function ReviewRoute() {
  return <ApplicationRoute page={Review} />;
}

function Review({ applicationId, application: data }: ApplicationPageProps) {
  const open = data?.status === 'DECISION' && Boolean(data.proceededAt);
  return (
    <>
      <ApplicationHeader applicationId={applicationId} application={data} heading={t.heading} />
      <JourneySteps application={data} current="review" />
      <Typography.Paragraph>{t.intro}</Typography.Paragraph>
      {!data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : data.active ? (
        <>
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 24 }}
            message={t.inForce}
            description={t.inForceDescription}
            action={<Link to={paths.complete(data.id)}>{t.toComplete}</Link>}
          />
          <Summary application={data} />
        </>
      ) : !open ? (
        <Alert type="info" showIcon message={t.notOpen} />
      ) : (
        <>
          {data.activationProblems.length > 0 && (
            <ActivationProblems applicationId={data.id} problems={data.activationProblems} title={t.problemsTitle} type="warning" />
          )}
          <Summary application={data} />
          <PutInForce application={data} />
        </>
      )}
    </>
  );
}

/** The covers, start date, Direct Debit and advice: everything the clients are buying. */
function Summary({ application }: { application: Application }) {
  const decision = application.decisionQuote;
  const directDebit = useDirectDebit(application.id, application.version).data;
  return (
    <>
      <section aria-labelledby="review-buying-heading" style={{ marginBottom: 24 }}>
        <Typography.Title level={2} id="review-buying-heading" style={{ fontSize: 20 }}>
          {t.buyingHeading}
        </Typography.Title>
        {application.applicants.map((applicant, index) => (
          <ClientCovers key={applicant.id} application={application} applicant={applicant} index={index} />
        ))}
        {decision ? (
          <p className="review-total">
            {t.total}: <strong>{formatMoneyWithPence(decision.premium)}</strong>
          </p>
        ) : (
          <Typography.Text type="secondary">{t.notPriced}</Typography.Text>
        )}
      </section>
      <Row gutter={[24, 24]}>
        {directDebit && (
          <Col span={24}>
            <DirectDebitCollections directDebit={directDebit} />
          </Col>
        )}
        <Col xs={24} md={8}>
          <Card title={<h2 className="card-heading">{t.startHeading}</h2>} style={{ height: '100%' }}>
            {startText(application)}
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card title={<h2 className="card-heading">{t.bankHeading}</h2>} style={{ height: '100%' }}>
            {application.bankDetails ? (
              <dl className="fact-list">
                <dt>{t.bank.name}</dt>
                <dd>{application.bankDetails.name}</dd>
                <dt>{t.bank.accountNumber}</dt>
                <dd>{application.bankDetails.accountNumber}</dd>
                <dt>{t.bank.sortCode}</dt>
                <dd>{application.bankDetails.sortCode}</dd>
                <dt>{t.bank.collectionDay}</dt>
                <dd>{t.collectionDay(ordinal(application.bankDetails.collectionDay))}</dd>
              </dl>
            ) : (
              <Typography.Text type="secondary">{t.noBank}</Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} md={8}>
          {/* The answer only: the question locks once the case is applied for (M2), before Review opens. */}
          <Card title={<h2 className="card-heading">{t.adviceHeading}</h2>} style={{ height: '100%' }}>
            <dl className="fact-list">
              <dt>{t.adviceQuestion}</dt>
              <dd>{application.isAdvisedSale === true ? t.yes : application.isAdvisedSale === false ? t.no : t.unanswered}</dd>
            </dl>
          </Card>
        </Col>
      </Row>
    </>
  );
}

/**
 * When the policies start. Once in force, the day they were issued to start; before, the option
 * chosen at set-up, "now" being the day the adviser puts them in force (today, if they do it now).
 */
function startText(application: Application): string {
  const issued = application.policies[0];
  if (application.active && issued) return t.start.future(formatDate(issued.startsOn));
  switch (application.policyStartDateOption) {
    case 'now':
      return t.start.now(formatDate(ukToday()), policyholders(application).length);
    case 'future':
      return t.start.future(formatDate(application.policyStartDate));
    case 'dontKnow':
      return t.start.dontKnow;
    default:
      return t.start.none;
  }
}

/**
 * "Put policy in force" (or policies, one per client with cover): a step that names what will be
 * issued and collected, then on confirming the Complete page; a refusal in the server's words.
 */
function PutInForce({ application }: { application: Application }) {
  const activate = useActivateApplication(application.id);
  const navigate = useNavigate();
  // Closed, open, or confirmed: a confirmed step leaves focus to what follows (the Complete page, or the refusal).
  const [step, setStep] = useState<'closed' | 'open' | 'confirmed'>('closed');
  const policies = policyholders(application).length;
  const blocked = application.activationProblems.length > 0;
  const error = activate.error;
  const refusedFields: FieldError[] = isApiError(error) ? error.fieldErrors : [];
  const confirm = () => {
    setStep('confirmed');
    activate.mutate(undefined, { onSuccess: (active) => void navigate(paths.complete(active.id)) });
  };
  return (
    <div style={{ marginTop: 24 }}>
      {activate.isError &&
        (refusedFields.length > 0 ? (
          <ActivationProblems
            applicationId={application.id}
            problems={refusedFields}
            title={t.refusedTitle}
            type="error"
            focusKey={activate.submittedAt}
          />
        ) : (
          <ProblemSummary type="error" title={t.refusedTitle} focusKey={activate.submittedAt}>
            {isApiError(error) && error.problem?.detail ? error.problem.detail : t.failed}
          </ProblemSummary>
        ))}
      <Flex align="center" gap="middle" wrap>
        <Button type="primary" size="large" disabled={blocked} loading={activate.isPending} onClick={() => setStep('open')}>
          {t.putInForce(policies)}
        </Button>
        <Typography.Text type="secondary">{t.putInForceHelp}</Typography.Text>
      </Flex>
      <Modal
        open={step === 'open'}
        title={t.confirm.title(policies)}
        okText={t.putInForce(policies)}
        cancelText={t.confirm.cancel}
        onOk={confirm}
        onCancel={() => setStep('closed')}
        focusTriggerAfterClose={step !== 'confirmed'}
      >
        <WhatHappens application={application} />
      </Modal>
    </div>
  );
}

/** What putting the policies in force does: each policy with its holder and premium, when they start, what is collected. */
function WhatHappens({ application }: { application: Application }) {
  const holders = policyholders(application);
  const directDebit = useDirectDebit(application.id, application.version).data;
  const priced = application.decisionQuote;
  const premiumOf = (applicantId: string) => priced?.quoteApplicants.find((a) => a.id === applicantId)?.premium;
  const bank = application.bankDetails;
  return (
    <>
      <Typography.Paragraph>{t.confirm.intro}</Typography.Paragraph>
      <dl className="fact-list">
        <dt>{t.confirm.issued(holders.length)}</dt>
        <dd>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {holders.map((applicant) => (
              <li key={applicant.id}>
                {t.confirm.policy(clientName(applicant, application.applicants.indexOf(applicant)), formatMoneyWithPence(premiumOf(applicant.id)))}
              </li>
            ))}
          </ul>
        </dd>
        <dt>{t.confirm.start}</dt>
        <dd>{startText(application)}</dd>
        {bank && priced && (
          <>
            <dt>{t.confirm.directDebit}</dt>
            <dd>{t.confirm.collection(formatMoneyWithPence(priced.premium), bank.accountNumber, ordinal(bank.collectionDay))}</dd>
          </>
        )}
        <dt>{t.confirm.documents}</dt>
        <dd>{t.confirm.documentsIssued}</dd>
      </dl>
      {directDebit && <DirectDebitCollections directDebit={directDebit} />}
    </>
  );
}
