import { Tag } from 'antd';
import { PagedTable, RowLink, type Page, type PagedTableColumn } from '@/components/paged-table';
import type { Schemas } from '@/lib/api-client';
import { applicationPagePath } from '@/lib/application-pages';
import { stageColours, stageLabel } from '@/lib/application-stage';
import { formatDateTime } from '@/lib/format';
import { dashboardStrings as t } from '../strings';

type ApplicationSummary = Schemas['ApplicationSummary'];

interface ApplicationsTableProps {
  page: Page<ApplicationSummary>;
  /** A search or stage filter is applied: an empty list says nothing matches. */
  filtered: boolean;
}

/** Where a row leads: the application, on the page of its stage (§2). */
const pageOf = (row: ApplicationSummary) => applicationPagePath(row.id, row.status, row.active);

/** The firm location the case was created at (§1, HB4): its name, or its id where it has none. */
const officeOf = (row: ApplicationSummary) => row.firmLocationName ?? row.adviserAtFirmLocationId ?? null;

const columns: PagedTableColumn<ApplicationSummary>[] = [
  {
    key: 'reference',
    header: t.columns.reference,
    width: 160,
    cell: (row) => (
      <>
        <RowLink to={pageOf(row)} label={t.openApplication(row.id)}>
          {row.id}
        </RowLink>
        {row.thirdPartyRef && (
          <span className="data-table__secondary data-table__block">
            {t.columns.yourRef}: {row.thirdPartyRef}
          </span>
        )}
        {officeOf(row) && (
          <span className="data-table__secondary data-table__block">
            {t.columns.office}: {officeOf(row)}
          </span>
        )}
      </>
    ),
  },
  {
    key: 'clients',
    header: t.columns.clients,
    cell: (row) => (row.clientNames ? row.clientNames : <span className="data-table__secondary">{t.noClientsYet}</span>),
  },
  {
    key: 'stage',
    header: t.columns.stage,
    width: 170,
    cell: (row) => (
      <>
        <Tag color={stageColours[row.status]} bordered={false}>
          {stageLabel(row.status)}
        </Tag>
        {row.hasNewUnderwritingUpdate && (
          <Tag color="blue" bordered={false}>
            {t.newUpdate}
          </Tag>
        )}
      </>
    ),
  },
  { key: 'lastUpdated', header: t.columns.lastUpdated, width: 190, cell: (row) => formatDateTime(row.updatedAt) },
];

/** The In progress list: a row, or its reference link, opens the application on the page of its stage (§2). */
export function ApplicationsTable({ page, filtered }: ApplicationsTableProps) {
  const texts = { name: t.applicationsTable, empty: filtered ? t.emptyNoMatches : t.emptyNoApplications, loading: t.loading, pager: t.pagination, total: t.total };
  return <PagedTable columns={columns} page={page} rowKey={(row) => row.id} rowPath={pageOf} texts={texts} />;
}
