import { Tag } from 'antd';
import { paths } from '@/app/paths';
import { PagedTable, RowLink, type Page, type PagedTableColumn } from '@/components/paged-table';
import { productLabels } from '@/lib/cover-text';
import { formatDate } from '@/lib/format';
import type { WorkbenchCase } from '../api/workbench';
import { workbenchStrings as t } from '../strings';

interface WorkbenchTableProps {
  page: Page<WorkbenchCase>;
}

const pageOf = (row: WorkbenchCase) => paths.workbenchCase(row.id);

const columns: PagedTableColumn<WorkbenchCase>[] = [
  {
    key: 'reference',
    header: t.columns.reference,
    width: 110,
    cell: (row) => (
      <RowLink to={pageOf(row)} label={t.openCase(row.id)}>
        {row.id}
      </RowLink>
    ),
  },
  { key: 'clients', header: t.columns.clients, cell: (row) => row.clientNames || <span className="data-table__secondary">{t.noClientsYet}</span> },
  {
    key: 'adviser',
    header: t.columns.adviser,
    cell: (row) => (
      <>
        {row.adviserName ?? row.adviserId}
        {row.firmName && <span className="data-table__secondary data-table__block">{row.firmName}</span>}
      </>
    ),
  },
  {
    key: 'referred',
    header: t.columns.referred,
    cell: (row) =>
      row.referred.map((cover) => (
        <div key={cover.coverId}>
          {cover.client}: {productLabels[cover.productType]}
          {cover.rules.length > 0 && <span className="data-table__secondary data-table__block">{cover.rules.map((r) => r.rule).join(', ')}</span>}
        </div>
      )),
  },
  { key: 'days', header: t.columns.days, width: 90, cell: (row) => t.days(row.daysSinceReferral) },
  {
    key: 'evidence',
    header: t.columns.evidence,
    cell: (row) =>
      row.evidence.length === 0 ? (
        <span className="data-table__secondary">{t.none}</span>
      ) : (
        row.evidence.map((item) => (
          <div key={`${item.client} ${item.evidence}`}>
            {item.evidence} ({item.client}), {item.status === 'held' ? t.heldUntil(formatDate(item.due)) : t.expectedBy(formatDate(item.due))}{' '}
            {item.overdue && (
              <Tag color="red" bordered={false}>
                {t.overdue}
              </Tag>
            )}
            {item.status === 'held' && (
              <Tag color="blue" bordered={false}>
                {t.held}
              </Tag>
            )}
          </div>
        ))
      ),
  },
  {
    key: 'claimedBy',
    header: t.columns.claimedBy,
    width: 130,
    cell: (row) => (row.claimedBy ? row.isMine ? <strong>{t.you}</strong> : row.claimedBy.name : <Tag bordered={false}>{t.unclaimed}</Tag>),
  },
];

const texts = { name: t.table, empty: t.empty, loading: t.loading, pager: t.pagination, total: t.total };

/** The referred cases, oldest referral first: a row, or its reference link, opens the case. */
export function WorkbenchTable({ page }: WorkbenchTableProps) {
  return <PagedTable columns={columns} page={page} rowKey={(row) => row.id} rowPath={pageOf} texts={texts} />;
}
