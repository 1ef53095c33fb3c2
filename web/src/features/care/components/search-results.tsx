import { Table, type TableColumnsType } from 'antd';
import { TableScroll } from '@/components/table-scroll';
import { careStrings as t } from '../strings';
import { EmptyText } from './empty-text';

/** One page of a care search as the table needs it, whichever search it came from. */
export interface SearchPage<Row> {
  rows: Row[];
  total: number;
}

/**
 * The results of one of customer care's searches (applications or policies): a page of 10 with
 * the same caption, paging, loading, empty and error states whichever is searched.
 */
export function SearchResults<Row extends object>({ found, failed, fetching, page, onPage, rowKey, columns, noResults, total, caption }: {
  found: SearchPage<Row> | undefined;
  failed: boolean;
  fetching: boolean;
  page: number;
  onPage: (page: number) => void;
  rowKey: keyof Row & string;
  columns: TableColumnsType<Row>;
  noResults: string;
  total: (n: number) => string;
  caption: string;
}) {
  return (
    <>
      {failed && <p role="alert">{t.loadFailed}</p>}
      <TableScroll label={caption}>
        <Table<Row>
          rowKey={rowKey}
          size="small"
          loading={fetching}
          dataSource={found?.rows ?? []}
          locale={{ emptyText: <EmptyText>{noResults}</EmptyText> }}
          caption={found ? total(found.total) : caption}
          pagination={{ current: page, pageSize: 10, total: found?.total ?? 0, onChange: onPage, showSizeChanger: false }}
          columns={columns}
        />
      </TableScroll>
    </>
  );
}
