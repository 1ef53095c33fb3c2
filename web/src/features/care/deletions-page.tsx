import { UkDateInput } from '@/components/uk-date-input';
import type { Schemas } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useDeletions } from './api/care';
import { FilteredListPage, useFilteredList } from './components/filtered-list';
import { SearchResults } from './components/search-results';

export type Deletion = Schemas['DeletionView'];

/** Every word of the Deletions page (issue 36), en-GB. */
export const deletionStrings = {
  heading: 'Deletions',
  intro:
    'Each case deleted because it was not taken up within the retention period: its reference, when, why and how much went with it. No client is named. Newest first.',
  fromLabel: 'Deleted from',
  toLabel: 'Deleted to',
  filter: 'Filter',
  clear: 'Show all',
  reversed: 'The “to” day must not be before the “from” day.',
  when: 'Deleted',
  case: 'Case reference',
  reason: 'Reason',
  documents: 'Documents',
  enquiries: 'Health enquiries',
  workflows: 'Workflow runs',
  none: 'No deletions match.',
  total: (n: number) => (n === 1 ? '1 deletion' : `${String(n)} deletions`),
  caption: 'Deletions, newest first',
} as const;

const t = deletionStrings;

/** Whether `to` comes before `from` (both `YYYY-MM-DD`, which sort as text). */
function reversed(from: string, to: string): boolean {
  return from !== '' && to !== '' && to < from;
}

/**
 * /customer-care/deletions: a customer care administrator sees the retention sweep's deletion
 * lines (issue 36), newest first, narrowed by UK day (`?from=`, `?to=`), a page of 10. The same
 * table and filter row as the Data reads page.
 */
const FIELDS = ['from', 'to'] as const;
const TO_ERROR = 'deletions-to-error';

export function DeletionsPage() {
  const list = useFilteredList(FIELDS, ({ from, to }) => !reversed(from, to));
  const { from, to } = list.applied;
  // A range in the address that ends before it starts is shown as wrong, and nothing is asked.
  const deletions = useDeletions({ from, to, page: list.page }, !reversed(from, to));

  return (
    <FilteredListPage
      heading={t.heading}
      intro={t.intro}
      texts={t}
      list={list}
      error={list.invalid ? { id: TO_ERROR, message: t.reversed } : undefined}
      fields={
        <>
          <label htmlFor="deletions-from">{t.fromLabel}</label>
          <UkDateInput id="deletions-from" range="past" value={list.typed.from} onChange={(day) => list.type('from', day)} />
          <label htmlFor="deletions-to">{t.toLabel}</label>
          <UkDateInput
            id="deletions-to"
            range="past"
            value={list.typed.to}
            aria-invalid={list.invalid}
            aria-describedby={list.invalid ? TO_ERROR : undefined}
            onChange={(day) => list.type('to', day)}
          />
        </>
      }
    >
      <SearchResults<Deletion>
        found={deletions.data && { rows: deletions.data.results, total: deletions.data.totalRecordCount }}
        failed={deletions.isError}
        fetching={deletions.isFetching}
        page={list.page}
        onPage={list.showPage}
        rowKey={(line) => line.applicationId}
        noResults={t.none}
        total={t.total}
        caption={t.caption}
        columns={[
          { key: 'when', header: t.when, cell: (line) => formatDateTime(line.deletedAt) },
          // The case is gone, so its reference is not a link.
          { key: 'case', header: t.case, cell: (line) => line.applicationId },
          { key: 'reason', header: t.reason, cell: (line) => line.reason },
          { key: 'documents', header: t.documents, cell: (line) => line.documentsRemoved, align: 'right' },
          { key: 'enquiries', header: t.enquiries, cell: (line) => line.enquiriesRemoved, align: 'right' },
          { key: 'workflows', header: t.workflows, cell: (line) => line.workflowsRemoved, align: 'right' },
        ]}
      />
    </FilteredListPage>
  );
}
