import { Button } from 'antd';
import { DASHBOARD_PAGE_SIZE } from '@/lib/rules/constants';

interface TablePagerProps {
  currentPage: number;
  totalRecordCount: number;
  /** The pager's name, e.g. "Pages of applications". */
  label: string;
  /** How many rows there are, e.g. "12 applications". */
  total: string;
  onPageChange: (page: number) => void;
}

const t = {
  previousPage: 'Previous page',
  nextPage: 'Next page',
  page: (page: number) => `Page ${String(page)}`,
} as const;

/**
 * Under a server-paged table (the dashboard's lists, the underwriters' workbench): how many rows
 * there are, and the previous and next page.
 */
export function TablePager({ currentPage, totalRecordCount, label, total, onPageChange }: TablePagerProps) {
  if (totalRecordCount <= 0) return null;
  const pages = Math.max(1, Math.ceil(totalRecordCount / DASHBOARD_PAGE_SIZE));
  return (
    <nav className="data-table__pager" aria-label={label}>
      <span className="data-table__total">{total}</span>
      <Button size="small" disabled={currentPage <= 1} aria-label={t.previousPage} onClick={() => onPageChange(currentPage - 1)}>
        ‹
      </Button>
      <span aria-current="page">{t.page(currentPage)}</span>
      <Button size="small" disabled={currentPage >= pages} aria-label={t.nextPage} onClick={() => onPageChange(currentPage + 1)}>
        ›
      </Button>
    </nav>
  );
}
