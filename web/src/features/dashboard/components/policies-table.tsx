import { Tag } from 'antd';
import { paths } from '@/app/paths';
import { PagedTable, RowLink, type Page, type PagedTableColumn } from '@/components/paged-table';
import type { Schemas } from '@/lib/api-client';
import { productLabels } from '@/lib/cover-text';
import { formatDate, formatMoneyWithPence } from '@/lib/format';
import { dashboardStrings as t } from '../strings';

type PolicySummary = Schemas['PolicySummary'];

interface PoliciesTableProps {
  page: Page<PolicySummary>;
  /** A search or status filter is applied: an empty list says nothing matches. */
  filtered: boolean;
}

const pageOf = (row: PolicySummary) => paths.policyHolder(row.policyHolderId);

const columns: PagedTableColumn<PolicySummary>[] = [
  {
    key: 'policyNumber',
    header: t.policyColumns.policyNumber,
    cell: (row) => (
      <RowLink to={pageOf(row)} label={t.openPolicy(row.policyReference)}>
        {row.policyReference}
      </RowLink>
    ),
  },
  { key: 'policyholder', header: t.policyColumns.policyholder, cell: (row) => row.holderName },
  { key: 'product', header: t.policyColumns.product, cell: (row) => row.productTypes.map((product) => productLabels[product]).join(', ') || '–' },
  { key: 'startDate', header: t.policyColumns.startDate, cell: (row) => formatDate(row.startsOn) },
  { key: 'monthlyPremium', header: t.policyColumns.monthlyPremium, align: 'right', cell: (row) => formatMoneyWithPence(row.monthlyPremium) },
  {
    key: 'status',
    header: t.policyColumns.status,
    cell: (row) => (
      <Tag color={row.status === 'inForce' ? 'green' : 'blue'} bordered={false}>
        {t.policyStatuses[row.status]}
      </Tag>
    ),
  },
  { key: 'adviser', header: t.policyColumns.adviser, cell: (row) => row.adviserName ?? '' },
];

/** The Policyholders list: a row, or its policy number, opens the policy view. */
export function PoliciesTable({ page, filtered }: PoliciesTableProps) {
  const texts = {
    name: t.policyholdersTable,
    empty: filtered ? t.policyholdersNoMatches : t.policyholdersEmpty,
    loading: t.policyholdersLoading,
    pager: t.policyholdersPagination,
    total: t.policyholdersTotal,
  };
  return <PagedTable columns={columns} page={page} rowKey={(row) => row.policyHolderId} rowPath={pageOf} texts={texts} />;
}
