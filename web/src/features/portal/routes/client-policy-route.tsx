import { FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { PageHeading } from '@/components/page-heading';
import { isProblem } from '@/lib/api-error';
import { coverDetailsText, productLabels } from '@/lib/cover-text';
import { formatDate, formatMoneyWithPence } from '@/lib/format';
import { useClientDocument, useClientPolicy, type ClientPolicy } from '../api/portal-api';
import { portalStrings } from '../strings';

const t = portalStrings.policy;

/** /v2/portal/policies/:policyReference: one of the client's policies and its documents. */
export function ClientPolicyRoute() {
  const reference = useParams().policyReference ?? '';
  const policy = useClientPolicy(reference);
  const back = (
    <Typography.Paragraph>
      <Link to={paths.clientHome()}>{t.back}</Link>
    </Typography.Paragraph>
  );
  if (policy.isError) {
    const notFound = isProblem(policy.error, 'not-found');
    return (
      <>
        <PageHeading>{t.heading}</PageHeading>
        <Alert type={notFound ? 'warning' : 'error'} showIcon message={notFound ? t.notFound : t.loadFailed} style={{ marginBottom: 16 }} />
        {back}
      </>
    );
  }
  if (!policy.data) {
    return (
      <div role="status" aria-label={t.loading}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  return (
    <div style={{ maxWidth: 880 }}>
      {back}
      <PolicyView policy={policy.data} />
    </div>
  );
}

function PolicyView({ policy }: { policy: ClientPolicy }) {
  const download = useClientDocument();
  // The monthly premium less the covers' is the policy fee (issue 50), worked in pence.
  const pence = (pounds: number) => Math.round(pounds * 100);
  const fee = (pence(policy.monthlyPremium) - policy.covers.reduce((sum, c) => sum + pence(c.premium), 0)) / 100;
  return (
    <>
      <PageHeading>{policy.holderName}</PageHeading>
      <Flex wrap gap="small" align="center" style={{ marginBottom: 16 }}>
        <Typography.Text strong>{policy.policyReference}</Typography.Text>
        <Tag color={policy.status === 'inForce' ? 'green' : 'blue'} bordered={false}>
          {policy.statusLabel}
        </Tag>
      </Flex>
      <Card title={<h2 className="card-heading">{t.heading}</h2>}>
        <dl className="fact-list">
          <dt>{t.number}</dt>
          <dd>{policy.policyReference}</dd>
          <dt>{t.status}</dt>
          <dd>{policy.statusLabel}</dd>
          <dt>{t.startDate}</dt>
          <dd>{formatDate(policy.startsOn)}</dd>
          <dt>{t.monthlyPremium}</dt>
          <dd>
            {formatMoneyWithPence(policy.monthlyPremium)}
            {fee > 0 && t.includingFee(formatMoneyWithPence(fee))}
          </dd>
          <dt>{t.cancelUntil}</dt>
          <dd>{formatDate(policy.cancellationEndsOn)}</dd>
          {policy.adviser && (
            <>
              <dt>{t.adviser}</dt>
              <dd>
                {policy.adviser.name}
                {policy.adviser.firmName && `, ${policy.adviser.firmName}`} ·{' '}
                <a href={`mailto:${policy.adviser.email}`}>{policy.adviser.email}</a>
              </dd>
            </>
          )}
        </dl>
      </Card>
      <section aria-labelledby="client-covers-heading" style={{ marginTop: 24 }}>
        <Typography.Title level={2} id="client-covers-heading" style={{ fontSize: 20 }}>
          {t.covers}
        </Typography.Title>
        {policy.covers.length === 0 ? (
          <Typography.Paragraph type="secondary">{t.noCovers}</Typography.Paragraph>
        ) : (
          <List
            bordered
            dataSource={[...policy.covers]}
            renderItem={({ cover, terms, premium, endsOn }) => (
              <List.Item key={cover.id}>
                <List.Item.Meta
                  title={productLabels[cover.productType]}
                  description={
                    <>
                      {coverDetailsText(cover)}
                      <br />
                      {terms}
                      <br />
                      {[endsOn ? t.endsOn(formatDate(endsOn)) : null, t.premium(formatMoneyWithPence(premium))].filter((part) => part !== null).join(' · ')}
                    </>
                  }
                />
              </List.Item>
            )}
          />
        )}
        {fee > 0 && <Typography.Paragraph style={{ marginTop: 12 }}>{t.policyFee(formatMoneyWithPence(fee))}</Typography.Paragraph>}
      </section>
      <section aria-labelledby="client-documents-heading" style={{ marginTop: 24 }}>
        <Typography.Title level={2} id="client-documents-heading" style={{ fontSize: 20 }}>
          {t.documents}
        </Typography.Title>
        {policy.documents.length === 0 ? (
          <Typography.Paragraph type="secondary">{t.noDocuments}</Typography.Paragraph>
        ) : (
          <Flex wrap gap="small">
            {policy.documents.map((document) => (
              <Button
                key={document.documentId}
                icon={<FilePdfOutlined aria-hidden="true" />}
                loading={download.isPending && download.variables.documentId === document.documentId}
                onClick={() => download.mutate(document)}
              >
                {t.download(document.title)}
              </Button>
            ))}
          </Flex>
        )}
        {download.isError && <Alert type="error" showIcon style={{ marginTop: 8 }} message={t.downloadFailed} />}
      </section>
    </>
  );
}
