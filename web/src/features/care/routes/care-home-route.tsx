import { Button, Input, Table } from 'antd';
import { useContext, useState, type FormEvent } from 'react';
import { useAuth } from 'react-oidc-context';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { PageHeading } from '@/components/page-heading';
import { useRoles } from '@/lib/auth/roles';
import { BootstrapConfigContext } from '@/lib/config';
import { formatDateTime } from '@/lib/format';
import { useCareCaseSearch } from '../api/care';
import { formRow } from '../components/layout';
import { EmptyText } from '../components/empty-text';
import { careStrings as t } from '../strings';

/**
 * /v2/customer-care: customer care's home (`cca`, `ccaadmin`): find any firm's case by client name
 * or reference (read only), and the support contacts to give advisers. Calls only customer care's
 * endpoints (decision CC1).
 */
export function CareHomeRoute() {
  const auth = useAuth();
  const roles = useRoles();
  const config = useContext(BootstrapConfigContext);
  const name = auth.user?.profile.name ?? auth.user?.profile.email;
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const [page, setPage] = useState(1);
  const search = useCareCaseSearch(term, page);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTerm(typed.trim());
    setPage(1);
  };
  return (
    <>
      <header className="page-header">
        <PageHeading>{t.heading}</PageHeading>
        {name && <p className="page-header__subtitle">{t.welcome(name)}</p>}
      </header>
      <p>{roles.includes('ccaadmin') ? t.role.ccaadmin : t.role.cca}</p>
      <section aria-labelledby="care-search" className="panel care-panel">
        <h2 id="care-search" className="card-heading">
          {t.cases.heading}
        </h2>
        <form role="search" aria-labelledby="care-search" onSubmit={onSubmit} style={formRow}>
          <label htmlFor="care-search-term">{t.cases.searchLabel}</label>
          <Input id="care-search-term" value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)} />
          <Button type="primary" htmlType="submit">
            {t.cases.search}
          </Button>
        </form>
        {search.isError && <p role="alert">{t.loadFailed}</p>}
        <Table
          rowKey="id"
          size="small"
          scroll={{ x: true }}
          loading={search.isFetching}
          dataSource={search.data?.results ?? []}
          locale={{ emptyText: <EmptyText>{t.cases.noResults}</EmptyText> }}
          caption={search.data ? t.cases.total(search.data.totalRecordCount) : t.cases.results}
          pagination={{
            current: page,
            pageSize: 10,
            total: search.data?.totalRecordCount ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            {
              title: t.cases.reference,
              dataIndex: 'id',
              render: (id: number) => <Link to={paths.careCase(id)}>{id}</Link>,
            },
            { title: t.cases.clients, dataIndex: 'clientNames' },
            { title: t.cases.adviser, dataIndex: 'adviserName', render: (v: string | null) => v ?? '' },
            { title: t.cases.location, dataIndex: 'firmLocationName', render: (v: string | null) => v ?? '' },
            { title: t.cases.stage, dataIndex: 'applicationStatus' },
            { title: t.cases.updated, dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v) },
          ]}
        />
      </section>
      {config && (
        <p>
          {t.helpAdvisers} {t.call} <a href={`tel:${config.help.telephone.replace(/\s+/g, '')}`}>{config.help.telephone}</a> {t.email}{' '}
          <a href={`mailto:${config.help.email}`}>{config.help.email}</a>.
        </p>
      )}
    </>
  );
}
