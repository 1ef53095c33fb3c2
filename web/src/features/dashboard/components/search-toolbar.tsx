import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import type { ReactNode } from 'react';
import { useAdviser } from '@/lib/adviser';
import { dashboardStrings as t } from '../strings';

/** The search is sent once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The API accepts search terms of up to 100 characters. */
const SEARCH_TERM_MAX_LENGTH = 100;

interface SearchToolbarProps {
  /** The search box's name and placeholder. */
  label: string;
  searchText: string;
  onSearchTextChange: (text: string) => void;
  /** The adviser an assistant acts for (§6 `adviserId`); undefined for everyone. */
  actingFor: string | undefined;
  onActingForChange: (adviserId: string | undefined) => void;
  /** At the toolbar's end, e.g. "Create a new application". */
  children?: ReactNode;
}

/**
 * Above each dashboard list: the search box and, for an assistant who acts for advisers, whose
 * cases to list.
 */
export function SearchToolbar({ label, searchText, onSearchTextChange, actingFor, onActingForChange, children }: SearchToolbarProps) {
  const adviser = useAdviser();
  const actsFor = adviser.data?.actsFor ?? [];
  return (
    <div className="toolbar">
      <Input
        className="toolbar__search"
        size="large"
        type="search"
        allowClear
        prefix={<SearchOutlined aria-hidden="true" />}
        aria-label={label}
        maxLength={SEARCH_TERM_MAX_LENGTH}
        placeholder={label}
        value={searchText}
        onChange={(event) => onSearchTextChange(event.target.value)}
      />
      {adviser.data && actsFor.length > 0 && (
        <label className="toolbar__acting-for">
          <span>{t.actingFor.label}</span>
          <select className="native-select" value={actingFor ?? ''} onChange={(event) => onActingForChange(event.target.value || undefined)}>
            <option value="">{t.actingFor.everyone}</option>
            <option value={adviser.data.id}>{t.actingFor.yourself(adviser.data.name)}</option>
            {actsFor.map((other) => (
              <option key={other.id} value={other.id}>
                {other.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <span className="toolbar__spacer" />
      {children}
    </div>
  );
}
