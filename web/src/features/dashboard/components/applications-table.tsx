import { Empty, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { stageColours, stageLabel, type ApplicationStage } from '@/lib/application-stage';
import { formatDateTime } from '@/lib/format';
import { dashboardStrings as t } from '../strings';

type ApplicationSummary = Schemas['ApplicationSummary'];

export const PAGE_SIZE = 10;

interface ApplicationsTableProps {
  results: ApplicationSummary[];
  currentPage: number;
  totalRecordCount: number;
  loading: boolean;
  filtered: boolean;
  onPageChange: (page: number) => void;
}

const columns: TableColumnsType<ApplicationSummary> = [
  {
    title: t.columns.reference,
    dataIndex: 'id',
    key: 'reference',
    width: 160,
    render: (_: unknown, row) => (
      <>
        <Link to={paths.clientDetails(row.id)} aria-label={t.openApplication(row.id)} onClick={(event) => event.stopPropagation()}>
          {row.id}
        </Link>
        {row.thirdPartyRef && (
          <Typography.Text type="secondary" className="table-secondary" style={{ display: 'block', fontSize: 12 }}>
            {t.columns.yourRef}: {row.thirdPartyRef}
          </Typography.Text>
        )}
      </>
    ),
  },
  {
    title: t.columns.clients,
    dataIndex: 'clientNames',
    key: 'clients',
    render: (clientNames: string) =>
      clientNames ? clientNames : <Typography.Text type="secondary">{t.noClientsYet}</Typography.Text>,
  },
  {
    title: t.columns.stage,
    dataIndex: 'status',
    key: 'stage',
    width: 170,
    render: (status: ApplicationStage) => (
      <Tag color={stageColours[status]} bordered={false}>
        {stageLabel(status)}
      </Tag>
    ),
  },
  {
    title: t.columns.lastUpdated,
    dataIndex: 'updatedAt',
    key: 'lastUpdated',
    width: 190,
    render: (updatedAt: string) => formatDateTime(updatedAt),
  },
];

/** The In progress list: a server-paged table; a row (or its reference link) opens the application. */
export function ApplicationsTable({ results, currentPage, totalRecordCount, loading, filtered, onPageChange }: ApplicationsTableProps) {
  const navigate = useNavigate();
  return (
    <Table<ApplicationSummary>
      rowKey="id"
      columns={columns}
      dataSource={results}
      loading={loading}
      rowClassName="clickable-row"
      onRow={(row) => ({ onClick: () => void navigate(paths.clientDetails(row.id)) })}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t.emptyNoMatches : t.emptyNoApplications} />,
      }}
      pagination={{
        current: currentPage,
        pageSize: PAGE_SIZE,
        total: totalRecordCount,
        showSizeChanger: false,
        showTotal: (total) => t.total(total),
        onChange: onPageChange,
      }}
    />
  );
}
