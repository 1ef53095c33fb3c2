import { FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { DocumentDownloads } from '@/components/document-downloads';
import { SectionCard } from '@/components/section-card';
import type { Schemas } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { coverDetailsText, productLabels } from '@/lib/cover-text';
import { formatDate, formatMoneyWithPence } from '@/lib/format';
import { MissingFileNameError, UnreadableDocumentLinkError, useDownloadDocument, type DocumentKind } from '../../shared/api/download-document';
import { offeredCovers, type Application } from '../../shared/application-model';
import { applicationStrings } from '../../shared/strings';
import { completeStrings as t } from '../strings';

type Policy = Schemas['Policy'];

/**
 * One client's policy: number, status, start, premium, the covers it holds, the cancellation
 * window, and everything the adviser hands over: its documents, the key facts and the terms.
 */
export function PolicyCard({ application, policy }: { application: Application; policy: Policy }) {
  const headingId = `policy-${policy.policyReference}`;
  const inForce = policy.status === 'inForce';
  const applicant = application.applicants.find((a) => a.id === policy.applicantId);
  const covers = applicant ? offeredCovers(application, applicant) : [];
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
        <dt>{t.startDate}</dt>
        <dd>{formatDate(policy.startsOn)}</dd>
        <dt>{t.monthlyPremium}</dt>
        <dd>{formatMoneyWithPence(policy.monthlyPremium)}</dd>
        {covers.length > 0 && (
          <>
            <dt>{t.covers}</dt>
            <dd>
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {covers.map((cover) => (
                  <li key={cover.id}>{t.cover(productLabels[cover.productType], coverDetailsText(cover))}</li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt>{t.cancellation}</dt>
        <dd>
          {policy.cancellationWindowClosed
            ? t.cancellationEnded(formatDate(policy.cancellationEndsOn))
            : t.cancelUntil(formatDate(policy.cancellationEndsOn))}
        </dd>
      </dl>
      {covers
        .filter((cover) => cover.isPayoutPlannerUsed)
        .map((cover) => (
          <Alert key={cover.id} type="info" showIcon style={{ marginTop: 16 }} message={t.trust(productLabels[cover.productType], policy.holderName)} />
        ))}
      <Typography.Title level={3} style={{ fontSize: 15, marginTop: 20 }}>
        {t.documentsHeading(policy.holderName)}
      </Typography.Title>
      {policy.documents.length === 0 && <Typography.Paragraph type="secondary">{t.noDocuments}</Typography.Paragraph>}
      <DocumentDownloads documents={policy.documents} label={(document) => t.download(document.title)} failed={t.downloadFailed}>
        <ApplicationDocuments applicationId={application.id} />
      </DocumentDownloads>
    </SectionCard>
  );
}

const documentTitles: Record<Exclude<DocumentKind, 'quote'>, string> = {
  keyFacts: applicationStrings.documents.keyFacts,
  terms: applicationStrings.documents.terms,
};

/** The key facts and the terms and conditions, fetched as the quote page fetches them, to give with the policy. */
function ApplicationDocuments({ applicationId }: { applicationId: number }) {
  const download = useDownloadDocument(applicationId);
  const error = download.error;
  const known = isApiError(error) || error instanceof MissingFileNameError || error instanceof UnreadableDocumentLinkError;
  return (
    <>
      {(['keyFacts', 'terms'] as const).map((kind) => (
        <Button
          key={kind}
          icon={<FilePdfOutlined aria-hidden="true" />}
          loading={download.isPending && download.variables === kind}
          onClick={() => download.mutate(kind)}
        >
          {t.download(documentTitles[kind])}
        </Button>
      ))}
      {error && <Alert type="error" showIcon style={{ flexBasis: '100%' }} message={known ? error.message : t.downloadFailed} />}
    </>
  );
}
