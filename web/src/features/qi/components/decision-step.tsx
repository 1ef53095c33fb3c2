import { FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { isApiError } from '@/lib/api-error';
import { useQiDocument, useQiRisk, useStartApplicationFromQi, type QiView } from '../api/qi';
import { qiStrings } from '../strings';
import { Indication } from './indication';
import { QuoteDecision } from './quote-decision';

const t = qiStrings.decision;

/**
 * Step 3: the rules run on entering (unless the indication has expired, when the last one
 * stands), each product's indicated terms, the quote decision, the PDF and the way on to an
 * application.
 */
export function DecisionStep({ view, locked }: { view: QiView; locked: boolean }) {
  const risk = useQiRisk(view.id);
  const { mutate: runRules, isIdle } = risk;

  useEffect(() => {
    if (!locked && isIdle) runRules();
  }, [locked, isIdle, runRules]);

  const ran = locked || risk.isSuccess;
  return (
    <>
      {risk.isPending && (
        <div role="status">
          <Typography.Text type="secondary">{t.running}</Typography.Text>
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      )}
      {risk.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t.failed}
          description={isApiError(risk.error) && risk.error.fieldErrors.length > 0 ? risk.error.fieldErrors.map((e) => e.message).join(' ') : undefined}
          action={<Button onClick={() => risk.mutate()}>{t.retry}</Button>}
        />
      )}
      {ran && view.indication && (
        <>
          <section aria-labelledby="qi-indication-heading">
            <Typography.Title level={2} id="qi-indication-heading" style={{ fontSize: 20 }}>
              {t.heading}
            </Typography.Title>
            <Indication outcomes={view.indication} />
          </section>
          <QuoteDecision view={view} locked={locked} />
          <WayOn view={view} locked={locked} />
        </>
      )}
    </>
  );
}

/** The indication as a PDF, and an application started from it (or a link to the one started). */
function WayOn({ view, locked }: { view: QiView; locked: boolean }) {
  const navigate = useNavigate();
  const fileName = `qi-indication-${view.id}.pdf`;
  const download = useQiDocument(view.id, view.enquiry.applicantId, fileName);
  const start = useStartApplicationFromQi(view.id);

  return (
    <div style={{ marginTop: 24 }}>
      <Flex wrap gap="small" align="center">
        <Button
          icon={<FilePdfOutlined aria-hidden="true" />}
          loading={download.isPending}
          onClick={() => download.mutate(undefined)}
        >
          {qiStrings.download}
        </Button>
        {view.applicationId !== null ? (
          <Link to={paths.clientDetails(view.applicationId)}>{qiStrings.openApplication(view.applicationId)}</Link>
        ) : (
          !locked && (
            <Button
              type="primary"
              loading={start.isPending}
              onClick={() => start.mutate(undefined, { onSuccess: ({ applicationId }) => void navigate(paths.clientDetails(applicationId)) })}
            >
              {qiStrings.startApplication}
            </Button>
          )
        )}
      </Flex>
      {download.isError && <Alert type="error" showIcon style={{ marginTop: 8 }} message={qiStrings.downloadFailed} />}
      {start.isError && (
        <Alert type="error" showIcon style={{ marginTop: 8 }} message={isApiError(start.error) ? start.error.message : qiStrings.startFailed} />
      )}
    </div>
  );
}
