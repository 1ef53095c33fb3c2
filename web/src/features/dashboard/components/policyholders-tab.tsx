import { pageOf } from '@/components/paged-table';
import { useSearchPolicies, type PolicyStatus } from '../api/search-policies';
import { dashboardStrings as t } from '../strings';
import { PoliciesTable } from './policies-table';
import { SearchList, useListSearch } from './search-list';

const statuses: readonly PolicyStatus[] = ['inForce', 'awaitingStart'];
const statusOptions = statuses.map((status) => ({ value: status, label: t.policyStatuses[status] }));

/** The Policyholders tab (§2 dashboard tab 1): the policies in force or starting later, searched and paged. */
export function PolicyholdersTab() {
  const search = useListSearch(statuses);
  const policies = useSearchPolicies({ searchTerm: search.searchTerm, statuses: search.filter, page: search.page, adviserId: search.actingFor });

  return (
    <SearchList
      search={search}
      searchLabel={t.policySearch}
      filterLabel={t.policyStatusFilter}
      filterOptions={statusOptions}
      failed={policies.isError ? { message: t.policyholdersLoadFailed, onRetry: () => void policies.refetch() } : null}
    >
      <PoliciesTable page={pageOf(policies, (data) => data.policyDetails, search.page, search.setPage)} filtered={search.filtered} />
    </SearchList>
  );
}
