import { Alert, Skeleton, Typography } from 'antd';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { PageHeading } from '@/components/page-heading';
import { isProblem } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useQi, type QiView } from '../api/qi';
import { ClientDetailsStep } from '../components/client-details-step';
import { ConditionsStep } from '../components/conditions-step';
import { DecisionStep } from '../components/decision-step';
import { QiSteps } from '../components/qi-steps';
import { isQiStep, isStepEnabled, type QiStep } from '../qi-model';
import { qiStrings as t } from '../strings';

/** The id in the address of an enquiry not yet created (its Client details, before the first save). */
const NEW = 'new';

/** /v2/underwriting-qi/:qiId/:step: one client's enquiry, a step at a time. */
export function QiRoute() {
  const params = useParams();
  const qiId = params.qiId ?? NEW;
  const step = params.step ?? 'client-details';
  const created = qiId !== NEW;
  const qi = useQi(created ? qiId : null);

  if (!isQiStep(step)) return <Navigate to={paths.qiStep(qiId)} replace />;
  if (!created && step !== 'client-details') return <Navigate to={paths.newQi()} replace />;

  return (
    <>
      <header className="page-header">
        <PageHeading>{t.heading}</PageHeading>
        <p className="page-header__subtitle">{t.intro}</p>
      </header>
      <Typography.Paragraph>
        <Link to={paths.qi()}>{t.backToList}</Link>
      </Typography.Paragraph>
      <QiSteps view={qi.data} current={step} />
      {!created ? (
        <ClientDetailsStep view={undefined} locked={false} />
      ) : qi.isError ? (
        <Alert type="error" showIcon message={isProblem(qi.error, 'not-found') ? t.notFound : t.loadFailed} />
      ) : !qi.data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Step view={qi.data} step={step} />
      )}
    </>
  );
}

function Step({ view, step }: { view: QiView; step: QiStep }) {
  // A step not open yet (its address typed or bookmarked) shows the first one that is.
  if (!isStepEnabled(view, step)) return <Navigate to={paths.qiStep(view.id, step === 'decision' && view.steps.clientDetailsComplete ? 'conditions' : 'client-details')} replace />;
  const locked = view.expired;
  return (
    <>
      {view.expired ? (
        <Alert type="warning" showIcon style={{ marginBottom: 24 }} message={t.expired(formatDate(view.expiresAt))} />
      ) : (
        <Typography.Paragraph type="secondary">{t.validUntil(formatDate(view.expiresAt))}</Typography.Paragraph>
      )}
      {view.applicationId !== null && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 24 }}
          message={t.applicationStarted(view.applicationId)}
          action={<Link to={paths.clientDetails(view.applicationId)}>{t.openApplication(view.applicationId)}</Link>}
        />
      )}
      {step === 'client-details' && <ClientDetailsStep view={view} locked={locked} />}
      {step === 'conditions' && <ConditionsStep view={view} locked={locked} />}
      {step === 'decision' && <DecisionStep view={view} locked={locked} />}
    </>
  );
}
