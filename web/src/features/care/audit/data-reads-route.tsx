import { Button, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/app/paths';
import { PageHeading } from '@/components/page-heading';
import { formatDateTime } from '@/lib/format';
import { formRow } from '../components/layout';
import { SearchResults } from '../components/search-results';
import { useDataReads, type DataRead } from './api';
import { caseReference, dataLabel, dataReadStrings as t, roleLabel } from './strings';

/**
 * /v2/customer-care/data-reads: a customer care administrator sees every recorded read of
 * health answers, bank details, stored documents and Temporal payloads (issue 36), newest first,
 * narrowed by case reference (`?applicationId=`) and reader (`?reader=`), a page of 10.
 */
export function DataReadsRoute() {
  const [params, setParams] = useSearchParams();
  const applicationId = params.get('applicationId') ?? '';
  const reader = params.get('reader') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typedCase, setTypedCase] = useState(applicationId);
  const [typedReader, setTypedReader] = useState(reader);
  const reference = caseReference(applicationId);
  // A reference in the address that cannot be one is shown as typed wrong, and nothing is asked.
  const [invalid, setInvalid] = useState(reference === null);
  const reads = useDataReads({ applicationId: reference ?? undefined, reader, page }, reference !== null);

  const show = (next: { applicationId: string; reader: string; page: number }) => {
    const query: Record<string, string> = {};
    if (next.applicationId) query.applicationId = next.applicationId;
    if (next.reader) query.reader = next.reader;
    if (next.page > 1) query.page = String(next.page);
    setParams(query);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = typedCase.trim();
    if (caseReference(typed) === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    show({ applicationId: typed, reader: typedReader.trim(), page: 1 });
  };
  const clear = () => {
    setTypedCase('');
    setTypedReader('');
    setInvalid(false);
    show({ applicationId: '', reader: '', page: 1 });
  };

  return (
    <>
      <header className="page-header">
        <PageHeading>{t.heading}</PageHeading>
        <p className="page-header__subtitle">{t.intro}</p>
      </header>
      <section aria-label={t.heading} className="panel care-panel">
        <form role="search" aria-label={t.heading} onSubmit={onSubmit} style={formRow} noValidate>
          <label htmlFor="data-reads-case">{t.filterLabel}</label>
          <Input
            id="data-reads-case"
            value={typedCase}
            inputMode="numeric"
            status={invalid ? 'error' : undefined}
            aria-invalid={invalid}
            aria-describedby={invalid ? 'data-reads-case-error' : undefined}
            onChange={(e) => setTypedCase(e.target.value)}
            style={{ maxWidth: 160 }}
          />
          <label htmlFor="data-reads-reader">{t.readerLabel}</label>
          <Input id="data-reads-reader" value={typedReader} maxLength={255} onChange={(e) => setTypedReader(e.target.value)} style={{ maxWidth: 220 }} />
          <Button type="primary" htmlType="submit">
            {t.filter}
          </Button>
          {(applicationId || reader) && <Button onClick={clear}>{t.clear}</Button>}
        </form>
        {invalid && (
          <p id="data-reads-case-error" role="alert">
            {t.notAReference}
          </p>
        )}
        <SearchResults<DataRead>
          found={reads.data && { rows: reads.data.results, total: reads.data.totalRecordCount }}
          failed={reads.isError}
          fetching={reads.isFetching}
          page={page}
          onPage={(next) => show({ applicationId, reader, page: next })}
          rowKey="id"
          noResults={t.none}
          total={t.total}
          caption={t.caption}
          columns={[
            { title: t.when, dataIndex: 'readAt', render: (at: string) => formatDateTime(at) },
            { title: t.who, dataIndex: 'readerName', render: (name: string, read) => <span title={read.readerSubject}>{name}</span> },
            { title: t.role, dataIndex: 'readerRole', render: (role: string) => roleLabel(role) },
            { title: t.case, key: 'case', render: (_: unknown, read) => <CaseCell read={read} /> },
            { title: t.data, dataIndex: 'data', render: (data: string) => dataLabel(data) },
            { title: t.address, dataIndex: 'address', render: (address: string | null) => address ?? t.unknown },
          ]}
        />
      </section>
    </>
  );
}

/** The case read: a link to it, a Qi enquiry's id, or "Not known" (decrypted Temporal payloads). */
function CaseCell({ read }: { read: DataRead }) {
  if (read.applicationId !== null) {
    return <Link to={paths.careCase(read.applicationId)}>{read.applicationId}</Link>;
  }
  if (read.qiId !== null) return <>{t.qi(read.qiId)}</>;
  return <>{t.unknown}</>;
}
