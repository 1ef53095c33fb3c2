import { Alert, Button } from 'antd';
import { useSearchParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { pageOf } from '@/components/paged-table';
import { Tabs } from '@/components/tabs';
import type { WorkbenchFilter } from '@/lib/query-keys';
import { useWorkbench } from '../api/workbench';
import { WorkbenchTable } from '../components/workbench-table';
import { workbenchStrings as t } from '../strings';

const filters: readonly WorkbenchFilter[] = ['all', 'unclaimed', 'mine', 'evidence', 'overdue'];

function isFilter(value: string | null): value is WorkbenchFilter {
  return filters.some((filter) => filter === value);
}

/** /v2/workbench?filter=&page=: the referred cases, oldest referral first (issue 30). */
export function WorkbenchRoute() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('filter');
  const filter: WorkbenchFilter = isFilter(raw) ? raw : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const cases = useWorkbench(filter, page);

  const go = (next: WorkbenchFilter, nextPage = 1) => {
    const query = new URLSearchParams();
    if (next !== 'all') query.set('filter', next);
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query);
  };

  return (
    <>
      <header className="page-header">
        <PageHeading>{t.heading}</PageHeading>
        <p className="page-header__subtitle">{t.intro}</p>
      </header>
      <div className="panel">
        <Tabs<WorkbenchFilter> label={t.filtersLabel} activeKey={filter} onChange={(key) => go(key)} items={filters.map((key) => ({ key, label: t.filters[key] }))}>
          {cases.isError ? (
            <Alert type="error" showIcon message={t.loadFailed} action={<Button onClick={() => void cases.refetch()}>{t.retry}</Button>} />
          ) : (
            <WorkbenchTable
              // Busy while any fetch is on its way, a refetch of the same page too.
              page={{ ...pageOf(cases, (data) => data.results, page, (next) => go(filter, next)), loading: cases.isFetching }}
            />
          )}
        </Tabs>
      </div>
    </>
  );
}
