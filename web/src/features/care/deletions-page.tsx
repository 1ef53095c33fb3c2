import { Button } from 'antd';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { UkDateInput } from '@/components/uk-date-input';
import type { Schemas } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useDeletions, type DeletionQuery } from './api/care';
import { formRow } from './components/layout';
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
export function DeletionsPage() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typedFrom, setTypedFrom] = useState(from);
  const [typedTo, setTypedTo] = useState(to);
  // A range in the address that ends before it starts is shown as wrong, and nothing is asked.
  const [invalid, setInvalid] = useState(reversed(from, to));
  const deletions = useDeletions({ from, to, page }, !reversed(from, to));

  const show = (next: DeletionQuery) => {
    const query: Record<string, string> = {};
    if (next.from) query.from = next.from;
    if (next.to) query.to = next.to;
    if (next.page > 1) query.page = String(next.page);
    setParams(query);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reversed(typedFrom, typedTo)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    show({ from: typedFrom, to: typedTo, page: 1 });
  };
  const clear = () => {
    setTypedFrom('');
    setTypedTo('');
    setInvalid(false);
    show({ from: '', to: '', page: 1 });
  };

  return (
    <>
      <header className="page-header">
        <PageHeading>{t.heading}</PageHeading>
        <p className="page-header__subtitle">{t.intro}</p>
      </header>
      <section aria-label={t.heading} className="panel care-panel">
        <form role="search" aria-label={t.heading} onSubmit={onSubmit} style={formRow} noValidate>
          <label htmlFor="deletions-from">{t.fromLabel}</label>
          <UkDateInput id="deletions-from" range="past" value={typedFrom} onChange={setTypedFrom} />
          <label htmlFor="deletions-to">{t.toLabel}</label>
          <UkDateInput
            id="deletions-to"
            range="past"
            value={typedTo}
            aria-invalid={invalid}
            aria-describedby={invalid ? 'deletions-to-error' : undefined}
            onChange={setTypedTo}
          />
          <Button type="primary" htmlType="submit">
            {t.filter}
          </Button>
          {(from || to) && <Button onClick={clear}>{t.clear}</Button>}
        </form>
        {invalid && (
          <p id="deletions-to-error" role="alert">
            {t.reversed}
          </p>
        )}
        <SearchResults<Deletion>
          found={deletions.data && { rows: deletions.data.results, total: deletions.data.totalRecordCount }}
          failed={deletions.isError}
          fetching={deletions.isFetching}
          page={page}
          onPage={(next) => show({ from, to, page: next })}
          rowKey="applicationId"
          noResults={t.none}
          total={t.total}
          caption={t.caption}
          columns={[
            { title: t.when, dataIndex: 'deletedAt', render: (at: string) => formatDateTime(at) },
            // The case is gone, so its reference is not a link.
            { title: t.case, dataIndex: 'applicationId' },
            { title: t.reason, dataIndex: 'reason' },
            { title: t.documents, dataIndex: 'documentsRemoved' },
            { title: t.enquiries, dataIndex: 'enquiriesRemoved' },
            { title: t.workflows, dataIndex: 'workflowsRemoved' },
          ]}
        />
      </section>
    </>
  );
}
