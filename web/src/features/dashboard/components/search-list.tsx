import { Alert, Button, Checkbox } from 'antd';
import { useState, type ReactNode } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useActingFor } from '../acting-for';
import { dashboardStrings as t } from '../strings';
import { SEARCH_DEBOUNCE_MS, SearchToolbar } from './search-toolbar';

/**
 * What a dashboard list is asked for: the search as typed (and as sent, once typing pauses), the
 * filter chosen (in the order offered), whose cases (an assistant's adviser), and the page. A new
 * search, filter or adviser starts again at page 1.
 */
export function useListSearch<F extends string>(offered: readonly F[]) {
  const [searchText, setSearchText] = useState('');
  const [filter, setFilter] = useState<F[]>([]);
  const [page, setPage] = useState(1);
  const searchTerm = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [actingFor, setActingFor] = useActingFor();
  return {
    searchText,
    searchTerm,
    filter,
    page,
    actingFor,
    /** Whether the list is narrowed, so an empty one says "no matches" rather than "none yet". */
    filtered: searchTerm !== '' || filter.length > 0,
    setPage,
    search: (text: string) => {
      setSearchText(text);
      setPage(1);
    },
    choose: (chosen: readonly F[]) => {
      setFilter(offered.filter((option) => chosen.includes(option)));
      setPage(1);
    },
    actFor: (adviserId: string | undefined) => {
      setActingFor(adviserId);
      setPage(1);
    },
  };
}

type ListSearch<F extends string> = ReturnType<typeof useListSearch<F>>;

interface SearchListProps<F extends string> {
  search: ListSearch<F>;
  /** The search box's name and placeholder. */
  searchLabel: string;
  filterLabel: string;
  filterOptions: { value: F; label: string }[];
  /** At the toolbar's end, e.g. "Create a new application". */
  action?: ReactNode;
  /** The list could not be loaded: what to say, and how to ask again. */
  failed: { message: string; onRetry: () => void } | null;
  /** The list itself. */
  children: ReactNode;
}

/** A dashboard tab: the search toolbar, the filter, and the list, or why it could not be loaded. */
export function SearchList<F extends string>({ search, searchLabel, filterLabel, filterOptions, action, failed, children }: SearchListProps<F>) {
  return (
    <>
      <SearchToolbar label={searchLabel} searchText={search.searchText} onSearchTextChange={search.search} actingFor={search.actingFor} onActingForChange={search.actFor}>
        {action}
      </SearchToolbar>
      <fieldset className="stage-filter">
        <legend className="stage-filter__legend">{filterLabel}</legend>
        <Checkbox.Group<F> options={filterOptions} value={search.filter} onChange={search.choose} />
      </fieldset>
      {failed ? (
        <Alert
          type="error"
          showIcon
          message={failed.message}
          action={
            <Button size="small" onClick={failed.onRetry}>
              {t.retry}
            </Button>
          }
        />
      ) : (
        children
      )}
    </>
  );
}
