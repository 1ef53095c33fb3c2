import { Alert, Button, Checkbox } from 'antd';
import { useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useActingFor } from '../acting-for';
import { useSearchPolicies, type PolicyStatus } from '../api/search-policies';
import { dashboardStrings as t } from '../strings';
import { PoliciesTable } from './policies-table';
import { SEARCH_DEBOUNCE_MS, SearchToolbar } from './search-toolbar';

const statuses: readonly PolicyStatus[] = ['inForce', 'awaitingStart'];
const statusOptions = statuses.map((status) => ({ value: status, label: t.policyStatuses[status] }));

/** The Policyholders tab (§2 dashboard tab 1): the policies in force or starting later, searched and paged. */
export function PolicyholdersTab() {
  const [searchText, setSearchText] = useState('');
  const [chosen, setChosen] = useState<PolicyStatus[]>([]);
  const [page, setPage] = useState(1);
  const searchTerm = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [actingFor, setActingFor] = useActingFor();
  const search = useSearchPolicies({ searchTerm, statuses: chosen, page, adviserId: actingFor });

  return (
    <>
      <SearchToolbar
        label={t.policySearch}
        searchText={searchText}
        onSearchTextChange={(text) => {
          setSearchText(text);
          setPage(1);
        }}
        actingFor={actingFor}
        onActingForChange={(adviserId) => {
          setActingFor(adviserId);
          setPage(1);
        }}
      />
      <fieldset className="stage-filter">
        <legend className="stage-filter__legend">{t.policyStatusFilter}</legend>
        <Checkbox.Group<PolicyStatus>
          options={statusOptions}
          value={chosen}
          onChange={(value) => {
            setChosen(statuses.filter((status) => value.includes(status)));
            setPage(1);
          }}
        />
      </fieldset>
      {search.isError ? (
        <Alert
          type="error"
          showIcon
          message={t.policyholdersLoadFailed}
          action={
            <Button size="small" onClick={() => void search.refetch()}>
              {t.retry}
            </Button>
          }
        />
      ) : (
        <PoliciesTable
          results={search.data?.policyDetails ?? []}
          currentPage={search.data?.currentPage ?? page}
          totalRecordCount={search.data?.totalRecordCount ?? 0}
          loading={search.isPending || search.isPlaceholderData}
          filtered={searchTerm !== '' || chosen.length > 0}
          onPageChange={setPage}
        />
      )}
    </>
  );
}
