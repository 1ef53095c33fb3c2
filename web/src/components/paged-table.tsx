import { Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { TablePager } from './table-pager';

export interface PagedTableColumn<R> {
  key: string;
  header: ReactNode;
  /** In pixels. */
  width?: number;
  /** Figures read right-aligned, under a right-aligned header. */
  align?: 'right';
  cell: (row: R) => ReactNode;
}

interface PagedTableProps<R> {
  columns: readonly PagedTableColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** Where a row leads: a click anywhere on it, or its RowLink, goes there. */
  rowPath: (row: R) => string;
  loading: boolean;
  /** What an empty list says, and the loading spinner's name. */
  empty: string;
  loadingLabel: string;
  currentPage: number;
  totalRecordCount: number;
  /** The pager's name, and how many rows there are in words. */
  pagerLabel: string;
  total: string;
  onPageChange: (page: number) => void;
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
 * A server-paged list (the dashboard's, the underwriters' workbench): each row opens what it lists,
 * an empty list says so, a first load shows a spinner, and the pager sits under it. A plain table
 * styled like antd's: these lists are on the first screen, and antd's Table would bring its
 * filters' tree and dropdowns with it.
 */
export function PagedTable<R>({ columns, rows, rowKey, rowPath, loading, empty, loadingLabel, currentPage, totalRecordCount, pagerLabel, total, onPageChange }: PagedTableProps<R>) {
  const navigate = useNavigate();
  return (
    <div className="data-table" aria-busy={loading}>
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
            <tr key={rowKey(row)} className="clickable-row" onClick={() => void navigate(rowPath(row))}>
              {columns.map(({ key, align, cell }) => (
                <td key={key} style={align ? { textAlign: align } : undefined}>
                  {cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />}
      {loading && rows.length === 0 && (
        <div className="data-table__loading">
          <Spin aria-label={loadingLabel} />
        </div>
      )}
      <TablePager currentPage={currentPage} totalRecordCount={totalRecordCount} label={pagerLabel} total={total} onPageChange={onPageChange} />
    </div>
  );
}
