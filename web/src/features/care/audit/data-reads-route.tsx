import { Input } from 'antd';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { formatDateTime } from '@/lib/format';
import { FilteredListPage, useFilteredList } from '../components/filtered-list';
import { SearchResults } from '../components/search-results';
import { useDataReads, type DataRead } from './api';
import { caseReference, dataLabel, dataReadStrings as t, roleLabel } from './strings';

/**
 * /v2/customer-care/data-reads: a customer care administrator sees every recorded read of
 * health answers, bank details, stored documents and Temporal payloads (issue 36), newest first,
 * narrowed by case reference (`?applicationId=`) and reader (`?reader=`), a page of 10.
 */
const FIELDS = ['applicationId', 'reader'] as const;
const CASE_ERROR = 'data-reads-case-error';

export function DataReadsRoute() {
  const list = useFilteredList(FIELDS, ({ applicationId }) => caseReference(applicationId) !== null);
  const { applicationId, reader } = list.applied;
  // A reference in the address that cannot be one is shown as typed wrong, and nothing is asked.
  const reference = caseReference(applicationId);
  const reads = useDataReads({ applicationId: reference ?? undefined, reader, page: list.page }, reference !== null);

  return (
    <FilteredListPage
      heading={t.heading}
      intro={t.intro}
      texts={t}
      list={list}
      error={list.invalid ? { id: CASE_ERROR, message: t.notAReference } : undefined}
      fields={
        <>
          <label htmlFor="data-reads-case">{t.filterLabel}</label>
          <Input
            id="data-reads-case"
            value={list.typed.applicationId}
            inputMode="numeric"
            status={list.invalid ? 'error' : undefined}
            aria-invalid={list.invalid}
            aria-describedby={list.invalid ? CASE_ERROR : undefined}
            onChange={(e) => list.type('applicationId', e.target.value)}
            style={{ maxWidth: 160 }}
          />
          <label htmlFor="data-reads-reader">{t.readerLabel}</label>
          <Input id="data-reads-reader" value={list.typed.reader} maxLength={255} onChange={(e) => list.type('reader', e.target.value)} style={{ maxWidth: 220 }} />
        </>
      }
    >
      <SearchResults<DataRead>
        found={reads.data && { rows: reads.data.results, total: reads.data.totalRecordCount }}
        failed={reads.isError}
        fetching={reads.isFetching}
        page={list.page}
        onPage={list.showPage}
        rowKey={(read) => read.id}
        noResults={t.none}
        total={t.total}
        caption={t.caption}
        columns={[
          { key: 'when', header: t.when, cell: (read) => formatDateTime(read.readAt) },
          { key: 'who', header: t.who, cell: (read) => <span title={read.readerSubject}>{read.readerName}</span> },
          { key: 'role', header: t.role, cell: (read) => roleLabel(read.readerRole) },
          { key: 'case', header: t.case, cell: (read) => <CaseCell read={read} /> },
          { key: 'data', header: t.data, cell: (read) => dataLabel(read.data) },
          { key: 'address', header: t.address, cell: (read) => read.address ?? t.unknown },
        ]}
      />
    </FilteredListPage>
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
