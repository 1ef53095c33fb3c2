import { Button, Input, Select, Table } from 'antd';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { PageHeading } from '@/components/page-heading';
import { TableScroll } from '@/components/table-scroll';
import { useCareAdvisers, useCareFirms } from '../api/care';
import { formRow } from '../components/layout';
import { EmptyText } from '../components/empty-text';
import { careStrings as t } from '../strings';

/** /v2/customer-care/advisers: a customer care administrator finds an adviser by name or firm. */
export function AdvisersRoute() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [firmId, setFirmId] = useState('');
  const advisers = useCareAdvisers(search, firmId);
  const firms = useCareFirms();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
  };
  return (
    <>
      <header className="page-header">
        <PageHeading>{t.advisers.heading}</PageHeading>
      </header>
      <section aria-label={t.advisers.heading} className="panel care-panel">
        <form role="search" aria-label={t.advisers.heading} onSubmit={onSubmit} style={formRow}>
          <label htmlFor="care-adviser-search">{t.advisers.searchLabel}</label>
          <Input id="care-adviser-search" value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)} style={{ maxWidth: 280 }} />
          <label htmlFor="care-adviser-firm">{t.advisers.firmLabel}</label>
          <Select
            id="care-adviser-firm"
            value={firmId}
            onChange={setFirmId}
            style={{ minWidth: 200 }}
            options={[{ value: '', label: t.advisers.allFirms }, ...(firms.data?.firms ?? []).map((f) => ({ value: f.id, label: f.name }))]}
          />
          <Button type="primary" htmlType="submit">
            {t.advisers.search}
          </Button>
        </form>
        {advisers.isError && <p role="alert">{t.loadFailed}</p>}
        <TableScroll label={t.advisers.heading}>
          <Table
            rowKey="id"
            size="small"
            loading={advisers.isFetching}
            dataSource={advisers.data?.advisers ?? []}
            locale={{ emptyText: <EmptyText>{t.advisers.noResults}</EmptyText> }}
            pagination={false}
            columns={[
              {
                title: t.advisers.name,
                dataIndex: 'name',
                render: (name: string, row) => <Link to={paths.careAdviser(row.id)}>{name}</Link>,
              },
              { title: t.advisers.email, dataIndex: 'email' },
              { title: t.advisers.firm, dataIndex: 'firmName', render: (v: string | null) => v ?? '' },
              { title: t.advisers.location, dataIndex: 'firmLocationName', render: (v: string | null) => v ?? '' },
            ]}
          />
        </TableScroll>
      </section>
    </>
  );
}
