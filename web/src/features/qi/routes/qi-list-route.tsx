import { Alert, Button, Skeleton, Table, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { PageHeading } from '@/components/page-heading';
import { productLabels } from '@/lib/cover-text';
import { formatDate } from '@/lib/format';
import { useQiList, type QiSummary } from '../api/qi';
import { qiStrings as t } from '../strings';
import { TableScroll } from '@/components/table-scroll';

/** /v2/underwriting-qi: what Qi is, a new enquiry, and the adviser's enquiries, most recent first. */
export function QiListRoute() {
  const navigate = useNavigate();
  return (
    <>
      <header className="page-header">
        <PageHeading>{t.heading}</PageHeading>
        <p className="page-header__subtitle">{t.intro}</p>
      </header>
      <Button type="primary" style={{ marginBottom: 24 }} onClick={() => void navigate(paths.newQi())}>
        {t.askNew}
      </Button>
      <section aria-labelledby="qi-list-heading" className="panel">
        <Typography.Title level={2} id="qi-list-heading" style={{ fontSize: 20 }}>
          {t.listHeading}
        </Typography.Title>
        <QiList />
      </section>
    </>
  );
}

function QiList() {
  const list = useQiList();
  if (list.isError) return <Alert type="error" showIcon message={t.listFailed} />;
  if (!list.data)
    return (
      <div role="status" aria-label={t.listLoading}>
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  if (list.data.length === 0) return <Typography.Paragraph>{t.empty}</Typography.Paragraph>;
  return (
    <TableScroll labelledBy="qi-list-heading">
      <Table<QiSummary>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={list.data}
        columns={[
          {
            title: t.columns.client,
            key: 'client',
            render: (_, qi) => {
              const name = qi.clientName || t.unnamed;
              return (
                <Link to={paths.qiStep(qi.id, qi.outcomes.length > 0 ? 'decision' : 'client-details')} aria-label={t.open(name)}>
                  {name}
                </Link>
              );
            },
          },
          { title: t.columns.dateOfBirth, key: 'dateOfBirth', render: (_, qi) => (qi.dateOfBirth ? formatDate(qi.dateOfBirth) : '') },
          {
            title: t.columns.outcomes,
            key: 'outcomes',
            render: (_, qi) =>
              qi.outcomes.length === 0 ? (
                <Typography.Text type="secondary">{t.noOutcomeYet}</Typography.Text>
              ) : (
                <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {qi.outcomes.map((o) => (
                    <li key={o.productType}>
                      {productLabels[o.productType]}: {o.outcome}
                    </li>
                  ))}
                </ul>
              ),
          },
          { title: t.columns.askedOn, key: 'askedOn', render: (_, qi) => formatDate(qi.createdAt) },
          {
            title: t.columns.validUntil,
            key: 'validUntil',
            render: (_, qi) => (
              <>
                {formatDate(qi.expiresAt)} {new Date(qi.expiresAt).getTime() < Date.now() && <Tag bordered={false}>{t.expiredTag}</Tag>}
              </>
            ),
          },
          {
            title: t.columns.application,
            key: 'application',
            render: (_, qi) => (qi.applicationId !== null ? <Link to={paths.clientDetails(qi.applicationId)}>{t.application(qi.applicationId)}</Link> : null),
          },
        ]}
      />
    </TableScroll>
  );
}
