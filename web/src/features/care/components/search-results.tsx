import { PagedTable, type PagedTableColumn } from '@/components/paged-table';
import { careStrings as t } from '../strings';

/** One page of a care list as the table needs it, whichever list it came from. */
export interface SearchPage<Row> {
  rows: readonly Row[];
  total: number;
}

/**
 * A page of one of customer care's server-paged lists (the case and policy searches, the data
 * reads, the deletions): the portal's one paged table (`PagedTable`, as the dashboard's and the
 * workbench's), with the same caption, pager, loading, empty and error states whichever it lists.
 */
export function SearchResults<Row>({ found, failed, fetching, page, onPage, rowKey, columns, noResults, total, caption }: {
  found: SearchPage<Row> | undefined;
  failed: boolean;
  fetching: boolean;
  page: number;
  onPage: (page: number) => void;
  rowKey: (row: Row) => string | number;
  columns: readonly PagedTableColumn<Row>[];
  noResults: string;
  total: (n: number) => string;
  caption: string;
}) {
  return (
    <>
      {failed && <p role="alert">{t.loadFailed}</p>}
      <PagedTable<Row>
        columns={columns}
        rowKey={rowKey}
        page={{ rows: found?.rows ?? [], currentPage: page, totalRecordCount: found?.total ?? 0, loading: fetching, onPageChange: onPage }}
        texts={{ name: caption, empty: noResults, loading: t.loading, pager: t.pages(caption), total }}
      />
    </>
  );
}
