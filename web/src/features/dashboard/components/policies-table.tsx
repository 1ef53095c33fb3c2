import { Empty, Spin, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { formatDate, formatMoneyWithPence } from '@/lib/format';
import { dashboardStrings as t } from '../strings';
import { TablePager } from '@/components/table-pager';

type PolicySummary = Schemas['PolicySummary'];

interface PoliciesTableProps {
  results: PolicySummary[];
  currentPage: number;
  totalRecordCount: number;
  loading: boolean;
  filtered: boolean;
  onPageChange: (page: number) => void;
}

/** The Policyholders list: a server-paged table; a row, or its policy number, opens the policy view. */
export function PoliciesTable({ results, currentPage, totalRecordCount, loading, filtered, onPageChange }: PoliciesTableProps) {
  const navigate = useNavigate();
  return (
    <div className="data-table" aria-busy={loading}>
      <table>
        <thead>
          <tr>
            <th scope="col">{t.policyColumns.policyNumber}</th>
            <th scope="col">{t.policyColumns.policyholder}</th>
            <th scope="col">{t.policyColumns.startDate}</th>
            <th scope="col" style={{ textAlign: 'right' }}>{t.policyColumns.monthlyPremium}</th>
            <th scope="col">{t.policyColumns.status}</th>
            <th scope="col">{t.policyColumns.adviser}</th>
          </tr>
        </thead>
        <tbody>
          {results.map((row) => {
            const page = paths.policyHolder(row.policyHolderId);
            return (
              <tr key={row.policyHolderId} className="clickable-row" onClick={() => void navigate(page)}>
                <td>
                  <Link to={page} aria-label={t.openPolicy(row.policyReference)} onClick={(event) => event.stopPropagation()}>
                    {row.policyReference}
                  </Link>
                </td>
                <td>{row.holderName}</td>
                <td>{formatDate(row.startsOn)}</td>
                <td style={{ textAlign: 'right' }}>{formatMoneyWithPence(row.monthlyPremium)}</td>
                <td>
                  <Tag color={row.status === 'inForce' ? 'green' : 'blue'} bordered={false}>
                    {t.policyStatuses[row.status]}
                  </Tag>
                </td>
                <td>{row.adviserName ?? ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {results.length === 0 && !loading && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t.policyholdersNoMatches : t.policyholdersEmpty} />
      )}
      {loading && results.length === 0 && (
        <div className="data-table__loading">
          <Spin aria-label={t.policyholdersLoading} />
        </div>
      )}
      <TablePager
        currentPage={currentPage}
        totalRecordCount={totalRecordCount}
        label={t.policyholdersPagination}
        total={t.policyholdersTotal(totalRecordCount)}
        onPageChange={onPageChange}
      />
    </div>
  );
}
