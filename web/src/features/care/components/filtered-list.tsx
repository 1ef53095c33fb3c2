import { Button } from 'antd';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { formRow } from './layout';

/** The filters of a list, by the name each has in the address (`?from=`, `?reader=`). */
export type Filters<K extends string> = Record<K, string>;

/**
 * A care list narrowed by filters kept in the address (so a filtered list can be bookmarked and
 * Back returns to it) and read a page of 10 at a time: what is applied (the address), what is
 * typed, whether the typed filters can be used, and the page. Filters that `valid` refuses, in the
 * address or typed, ask for nothing and say so.
 */
export function useFilteredList<K extends string>(fields: readonly K[], valid: (filters: Filters<K>) => boolean) {
  const [params, setParams] = useSearchParams();
  const applied = Object.fromEntries(fields.map((field) => [field, params.get(field) ?? ''])) as Filters<K>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(applied);
  const [invalid, setInvalid] = useState(!valid(applied));

  const show = (filters: Filters<K>, nextPage: number) => {
    const query: Record<string, string> = {};
    for (const field of fields) if (filters[field]) query[field] = filters[field];
    if (nextPage > 1) query.page = String(nextPage);
    setParams(query);
  };
  const blank = Object.fromEntries(fields.map((field) => [field, ''])) as Filters<K>;

  return {
    applied,
    page,
    typed,
    invalid,
    filtered: fields.some((field) => applied[field] !== ''),
    type: (field: K, value: string) => setTyped((current) => ({ ...current, [field]: value })),
    submit: (event: FormEvent) => {
      event.preventDefault();
      const next = Object.fromEntries(fields.map((field) => [field, typed[field].trim()])) as Filters<K>;
      if (!valid(next)) {
        setInvalid(true);
        return;
      }
      setInvalid(false);
      show(next, 1);
    },
    clear: () => {
      setTyped(blank);
      setInvalid(false);
      show(blank, 1);
    },
    showPage: (next: number) => show(applied, next),
  };
}

/**
 * A filtered care list's page: its heading and intro, the filter row (the fields, Filter, and
 * Show all once something is applied), what is wrong with the filters, then the list.
 */
export function FilteredListPage({ heading, intro, texts, list, fields, error, children }: {
  heading: string;
  intro: string;
  texts: { filter: string; clear: string };
  list: Pick<ReturnType<typeof useFilteredList>, 'submit' | 'clear' | 'filtered'>;
  /** The filter fields, each with its label. */
  fields: ReactNode;
  /** What is wrong with the typed filters, with the id the wrong field names in aria-describedby. */
  error?: { id: string; message: string };
  /** The list. */
  children: ReactNode;
}) {
  return (
    <>
      <header className="page-header">
        <PageHeading>{heading}</PageHeading>
        <p className="page-header__subtitle">{intro}</p>
      </header>
      <section aria-label={heading} className="panel care-panel">
        <form role="search" aria-label={heading} onSubmit={list.submit} style={formRow} noValidate>
          {fields}
          <Button type="primary" htmlType="submit">
            {texts.filter}
          </Button>
          {list.filtered && <Button onClick={list.clear}>{texts.clear}</Button>}
        </form>
        {error && (
          <p id={error.id} role="alert">
            {error.message}
          </p>
        )}
        {children}
      </section>
    </>
  );
}
