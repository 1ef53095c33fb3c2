import { Button, Input, Table } from 'antd';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/app/paths';
import { PageHeading } from '@/components/page-heading';
import { formatDateTime } from '@/lib/format';
import { useHealthAnswerReads } from '../api/care';
import { formRow } from '../components/layout';
import { EmptyText } from '../components/empty-text';
import { careStrings as t } from '../strings';

/**
 * /v2/customer-care/health-answer-reads: a customer care administrator sees every read of a
 * client's health answers by customer care, of one application with `?applicationId=`.
 */
export function HealthReadsRoute() {
  const [params, setParams] = useSearchParams();
  const applicationId = params.get('applicationId') ?? '';
  const [typed, setTyped] = useState(applicationId);
  const reads = useHealthAnswerReads(applicationId);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim();
    setParams(value ? { applicationId: value } : {});
  };
  return (
    <>
      <header className="page-header">
        <PageHeading>{t.reads.heading}</PageHeading>
        <p className="page-header__subtitle">{t.reads.intro}</p>
      </header>
      <section aria-label={t.reads.heading} className="panel care-panel">
        <form role="search" aria-label={t.reads.heading} onSubmit={onSubmit} style={formRow}>
          <label htmlFor="care-reads-application">{t.reads.filterLabel}</label>
          <Input id="care-reads-application" value={typed} inputMode="numeric" onChange={(e) => setTyped(e.target.value)} style={{ maxWidth: 160 }} />
          <Button type="primary" htmlType="submit">
            {t.reads.filter}
          </Button>
          {applicationId && (
            <Button
              onClick={() => {
                setTyped('');
                setParams({});
              }}
            >
              {t.reads.clear}
            </Button>
          )}
        </form>
        {reads.isError && <p role="alert">{reads.error.message}</p>}
        <Table
          rowKey="id"
          size="small"
          scroll={{ x: true }}
          pagination={false}
          loading={reads.isFetching}
          dataSource={reads.data?.reads ?? []}
          locale={{ emptyText: <EmptyText>{t.reads.none}</EmptyText> }}
          columns={[
            { title: t.reads.when, dataIndex: 'readAt', render: (v: string) => formatDateTime(v) },
            { title: t.reads.who, dataIndex: 'readerName' },
            { title: t.reads.role, dataIndex: 'readerRole' },
            {
              title: t.reads.application,
              dataIndex: 'applicationId',
              render: (id: number) => <Link to={paths.careCase(id)}>{id}</Link>,
            },
            { title: t.reads.client, dataIndex: 'applicantId' },
          ]}
        />
      </section>
    </>
  );
}
