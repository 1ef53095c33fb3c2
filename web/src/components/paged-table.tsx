import { Empty, Spin } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { TablePager } from './table-pager';
import { TableScroll } from './table-scroll';

export interface PagedTableColumn<R> {
  key: string;
  header: ReactNode;
  /** In pixels. */
  width?: number;
  /** Figures read right-aligned, under a right-aligned header. */
  align?: 'right';
  cell: (row: R) => ReactNode;
}

/** One page of a server-paged list, as its table shows it. */
export interface Page<R> {
  rows: readonly R[];
  currentPage: number;
  totalRecordCount: number;
  /** A first load, or a new page or search on its way: the rows shown are not yet the answer. */
  loading: boolean;
  onPageChange: (page: number) => void;
}

/** What a paged list says around its rows. */
export interface PagedTableTexts {
  /** What the list is, e.g. "Applications": the name of its box when it scrolls sideways. */
  name: string;
  /** What an empty list says. */
  empty: string;
  /** The loading spinner's name. */
  loading: string;
  /** The pager's name. */
  pager: string;
  /** How many rows there are, in words. */
  total: (count: number) => string;
}

/**
 * The page a paged query answers (`currentPage`, `totalRecordCount` and its rows), or the page asked
 * for, empty, while it loads.
 */
export function pageOf<D extends { currentPage: number; totalRecordCount: number }, R>(
  query: Pick<UseQueryResult<D>, 'data' | 'isPending' | 'isPlaceholderData'>,
  rows: (data: D) => readonly R[],
  asked: number,
  onPageChange: (page: number) => void,
): Page<R> {
  return {
    rows: query.data ? rows(query.data) : [],
    currentPage: query.data?.currentPage ?? asked,
    totalRecordCount: query.data?.totalRecordCount ?? 0,
    loading: query.isPending || query.isPlaceholderData,
    onPageChange,
  };
}

interface PagedTableProps<R> {
  columns: readonly PagedTableColumn<R>[];
  page: Page<R>;
  rowKey: (row: R) => string | number;
  /** Where a row leads: a click anywhere on it, or its RowLink, goes there. Without it a row
   * leads nowhere itself (its cells may hold links). */
  rowPath?: (row: R) => string;
  texts: PagedTableTexts;
}

/** The link in a row to where the row leads; a click on it is the link's, not the row's as well. */
export function RowLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Link to={to} aria-label={label} onClick={(event) => event.stopPropagation()}>
      {children}
    </Link>
  );
}

/**
 * A server-paged list (the dashboard's, the underwriters' workbench, customer care's): a row opens
 * what it lists where the list says where,
 * an empty list says so, a first load shows a spinner, and the pager sits under it. A plain table
 * styled like antd's: these lists are on the first screen, and antd's Table would bring its
 * filters' tree and dropdowns with it.
 */
export function PagedTable<R>({ columns, page, rowKey, rowPath, texts }: PagedTableProps<R>) {
  const navigate = useNavigate();
  const { rows, loading, currentPage, totalRecordCount, onPageChange } = page;
  return (
    <div className="data-table" aria-busy={loading}>
      <TableScroll label={texts.name}>
        <table>
          <thead>
            <tr>
              {columns.map(({ key, header, width, align }) => (
                <th key={key} scope="col" style={width !== undefined || align ? { width, textAlign: align } : undefined}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={rowKey(row)}
                className={rowPath ? 'clickable-row' : undefined}
                onClick={rowPath ? () => void navigate(rowPath(row)) : undefined}
              >
                {columns.map(({ key, align, cell }) => (
                  <td key={key} style={align ? { textAlign: align } : undefined}>
                    {cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {rows.length === 0 && !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.empty} />}
      {loading && rows.length === 0 && (
        <div className="data-table__loading">
          <Spin aria-label={texts.loading} />
        </div>
      )}
      <TablePager currentPage={currentPage} totalRecordCount={totalRecordCount} label={texts.pager} total={texts.total(totalRecordCount)} onPageChange={onPageChange} />
    </div>
  );
}
