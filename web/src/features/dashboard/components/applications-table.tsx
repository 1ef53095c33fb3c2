import { Empty, Spin, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import type { Schemas } from '@/lib/api-client';
import { applicationPagePath } from '@/lib/application-pages';
import { stageColours, stageLabel } from '@/lib/application-stage';
import { formatDateTime } from '@/lib/format';
import { dashboardStrings as t } from '../strings';

import { TablePager } from '@/components/table-pager';

type ApplicationSummary = Schemas['ApplicationSummary'];

interface ApplicationsTableProps {
  results: ApplicationSummary[];
  currentPage: number;
  totalRecordCount: number;
  loading: boolean;
  filtered: boolean;
  onPageChange: (page: number) => void;
}

/**
 * The In progress list: a server-paged table. A row, or its reference link, opens the
 * application on the page of its stage (§2). A plain table styled like antd's: this list is on
 * the first screen, and antd's Table would bring its filters' tree and dropdowns with it.
 */
export function ApplicationsTable({ results, currentPage, totalRecordCount, loading, filtered, onPageChange }: ApplicationsTableProps) {
  const navigate = useNavigate();
  return (
    <div className="data-table" aria-busy={loading}>
      <table>
        <thead>
          <tr>
            <th scope="col" style={{ width: 160 }}>{t.columns.reference}</th>
            <th scope="col">{t.columns.clients}</th>
            <th scope="col" style={{ width: 170 }}>{t.columns.stage}</th>
            <th scope="col" style={{ width: 190 }}>{t.columns.lastUpdated}</th>
          </tr>
        </thead>
        <tbody>
          {results.map((row) => {
            const page = applicationPagePath(row.id, row.status, row.active);
            return (
              <tr key={row.id} className="clickable-row" onClick={() => void navigate(page)}>
                <td>
                  <Link to={page} aria-label={t.openApplication(row.id)} onClick={(event) => event.stopPropagation()}>
                    {row.id}
                  </Link>
                  {row.thirdPartyRef && (
                    <span className="data-table__secondary data-table__block">
                      {t.columns.yourRef}: {row.thirdPartyRef}
                    </span>
                  )}
                </td>
                <td>{row.clientNames ? row.clientNames : <span className="data-table__secondary">{t.noClientsYet}</span>}</td>
                <td>
                  <Tag color={stageColours[row.status]} bordered={false}>
                    {stageLabel(row.status)}
                  </Tag>
                  {row.hasNewUnderwritingUpdate && (
                    <Tag color="blue" bordered={false}>
                      {t.newUpdate}
                    </Tag>
                  )}
                </td>
                <td>{formatDateTime(row.updatedAt)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {results.length === 0 && !loading && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t.emptyNoMatches : t.emptyNoApplications} />
      )}
      {loading && results.length === 0 && (
        <div className="data-table__loading">
          <Spin aria-label={t.loading} />
        </div>
      )}
      <TablePager currentPage={currentPage} totalRecordCount={totalRecordCount} label={t.pagination} total={t.total(totalRecordCount)} onPageChange={onPageChange} />
    </div>
  );
}
