import { Button, Input } from 'antd';
import { useContext, useState, type FormEvent } from 'react';
import { useAuth } from 'react-oidc-context';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { PageHeading } from '@/components/page-heading';
import { Tabs } from '@/components/tabs';
import { useRoles } from '@/lib/auth/roles';
import { BootstrapConfigContext } from '@/lib/config';
import { formatDateTime } from '@/lib/format';
import {
  useCareCaseSearch,
  useCarePolicySearch,
  type CareApplicationRow,
  type CarePolicyRow,
  type CareSearchKind,
} from '../api/care';
import { formRow } from '../components/layout';
import { SearchResults } from '../components/search-results';
import { careStrings as t } from '../strings';

/**
 * /v2/customer-care: customer care's home (`cca`, `ccaadmin`): find any firm's case or policy by
 * client name or reference (read only), and the support contacts to give advisers. Calls only
 * customer care's endpoints (decision CC1).
 */
export function CareHomeRoute() {
  const auth = useAuth();
  const roles = useRoles();
  const config = useContext(BootstrapConfigContext);
  const name = auth.user?.profile.name ?? auth.user?.profile.email;
  const [kind, setKind] = useState<CareSearchKind>('applications');
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const [page, setPage] = useState(1);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTerm(typed.trim());
    setPage(1);
  };
  const onKind = (next: CareSearchKind) => {
    setKind(next);
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
        <Tabs<CareSearchKind>
          label={t.searchTabs.label}
          activeKey={kind}
          onChange={onKind}
          items={[
            { key: 'applications', label: t.searchTabs.applications },
            { key: 'policies', label: t.searchTabs.policies },
          ]}
        >
          {kind === 'applications' ? <ApplicationResults term={term} page={page} onPage={setPage} /> : <PolicyResults term={term} page={page} onPage={setPage} />}
        </Tabs>
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

interface ResultsProps {
  term: string;
  page: number;
  onPage: (page: number) => void;
}

/** Any firm's applications matching the term; each opens its care case page. */
function ApplicationResults({ term, page, onPage }: ResultsProps) {
  const search = useCareCaseSearch(term, page);
  return (
    <SearchResults<CareApplicationRow>
      found={search.data && { rows: search.data.results, total: search.data.totalRecordCount }}
      failed={search.isError}
      fetching={search.isFetching}
      page={page}
      onPage={onPage}
      rowKey={(row) => row.id}
      noResults={t.cases.noResults}
      total={t.cases.total}
      caption={t.cases.results}
      columns={[
        { key: 'id', header: t.cases.reference, cell: (row) => <Link to={paths.careCase(row.id)}>{row.id}</Link> },
        { key: 'clients', header: t.cases.clients, cell: (row) => row.clientNames },
        { key: 'adviser', header: t.cases.adviser, cell: (row) => row.adviserName ?? '' },
        { key: 'firm', header: t.cases.firm, cell: (row) => row.firmName ?? '' },
        { key: 'location', header: t.cases.location, cell: (row) => row.firmLocationName ?? '' },
        { key: 'stage', header: t.cases.stage, cell: (row) => row.applicationStatus },
        { key: 'updated', header: t.cases.updated, cell: (row) => formatDateTime(row.updatedAt) },
      ]}
    />
  );
}

/** Any firm's policies matching the term; each opens the care case page of its application. */
function PolicyResults({ term, page, onPage }: ResultsProps) {
  const search = useCarePolicySearch(term, page);
  return (
    <SearchResults<CarePolicyRow>
      found={search.data && { rows: search.data.policyDetails, total: search.data.totalRecordCount }}
      failed={search.isError}
      fetching={search.isFetching}
      page={page}
      onPage={onPage}
      rowKey={(row) => row.policyHolderId}
      noResults={t.policies.noResults}
      total={t.policies.total}
      caption={t.policies.results}
      columns={[
        { key: 'reference', header: t.policies.reference, cell: (row) => <Link to={paths.careCase(row.applicationId)}>{row.policyReference}</Link> },
        { key: 'client', header: t.policies.client, cell: (row) => row.holderName },
        { key: 'adviser', header: t.policies.adviser, cell: (row) => row.adviserName ?? '' },
        { key: 'firm', header: t.policies.firm, cell: (row) => row.firmName ?? '' },
        { key: 'status', header: t.policies.status, cell: (row) => row.policyStatus },
        { key: 'application', header: t.policies.application, cell: (row) => row.applicationId },
      ]}
    />
  );
}
