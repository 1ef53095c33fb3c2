import { Empty, Spin, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { TablePager } from '@/components/table-pager';
import { productLabels } from '@/lib/cover-text';
import { formatDate } from '@/lib/format';
import type { WorkbenchCase } from '../api/workbench';
import { workbenchStrings as t } from '../strings';

interface WorkbenchTableProps {
  results: WorkbenchCase[];
  currentPage: number;
  totalRecordCount: number;
  loading: boolean;
  onPageChange: (page: number) => void;
}

/**
 * The referred cases: a server-paged table, oldest referral first. A row, or its reference
 * link, opens the case.
 */
export function WorkbenchTable({ results, currentPage, totalRecordCount, loading, onPageChange }: WorkbenchTableProps) {
  const navigate = useNavigate();
  return (
    <div className="data-table" aria-busy={loading}>
      <table>
        <thead>
          <tr>
            <th scope="col" style={{ width: 110 }}>{t.columns.reference}</th>
            <th scope="col">{t.columns.clients}</th>
            <th scope="col">{t.columns.adviser}</th>
            <th scope="col">{t.columns.referred}</th>
            <th scope="col" style={{ width: 90 }}>{t.columns.days}</th>
            <th scope="col">{t.columns.evidence}</th>
            <th scope="col" style={{ width: 130 }}>{t.columns.claimedBy}</th>
          </tr>
        </thead>
        <tbody>
          {results.map((row) => {
            const page = paths.workbenchCase(row.id);
            return (
              <tr key={row.id} className="clickable-row" onClick={() => void navigate(page)}>
                <td>
                  <Link to={page} aria-label={t.openCase(row.id)} onClick={(event) => event.stopPropagation()}>
                    {row.id}
                  </Link>
                </td>
                <td>{row.clientNames || <span className="data-table__secondary">{t.noClientsYet}</span>}</td>
                <td>
                  {row.adviserName ?? row.adviserId}
                  {row.firmName && <span className="data-table__secondary data-table__block">{row.firmName}</span>}
                </td>
                <td>
                  {row.referred.map((cover) => (
                    <div key={cover.coverId}>
                      {cover.client}: {productLabels[cover.productType]}
                      {cover.rules.length > 0 && (
                        <span className="data-table__secondary data-table__block">{cover.rules.map((r) => r.rule).join(', ')}</span>
                      )}
                    </div>
                  ))}
                </td>
                <td>{t.days(row.daysSinceReferral)}</td>
                <td>
                  {row.evidence.length === 0
                    ? <span className="data-table__secondary">{t.none}</span>
                    : row.evidence.map((item) => (
                        <div key={`${item.client} ${item.evidence}`}>
                          {item.evidence} ({item.client}),{' '}
                          {item.status === 'held' ? t.heldUntil(formatDate(item.due)) : t.expectedBy(formatDate(item.due))}{' '}
                          {item.overdue && <Tag color="red" bordered={false}>{t.overdue}</Tag>}
                          {item.status === 'held' && <Tag color="blue" bordered={false}>{t.held}</Tag>}
                        </div>
                      ))}
                </td>
                <td>
                  {row.claimedBy
                    ? row.isMine ? <strong>{t.you}</strong> : row.claimedBy.name
                    : <Tag bordered={false}>{t.unclaimed}</Tag>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {results.length === 0 && !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} />}
      {loading && results.length === 0 && (
        <div className="data-table__loading">
          <Spin aria-label={t.loading} />
        </div>
      )}
      <TablePager currentPage={currentPage} totalRecordCount={totalRecordCount} label={t.pagination} total={t.total(totalRecordCount)} onPageChange={onPageChange} />
    </div>
  );
}
