/**
 * The interview's searchable answers (conditions, occupations): what a backed question's answer
 * holds and the look-up that finds its options. The application's interview and Qi ask the same
 * questions, so both read them here.
 */
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { api, type Schemas } from './api-client';
import { unwrap } from './api-error';
import { questionOptionKeys } from './query-keys';

/** Several choices of one answer are joined by `|` (see the API's AnswersRequest). */
export const VALUE_SEPARATOR = '|';

export function valuesOf(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(VALUE_SEPARATOR)
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

type QuestionOptions = Schemas['QuestionOptions'];

/** Where a backed question's options are looked up: the adviser's look-up, or the client's in the portal. */
export interface OptionsLookup {
  /** Tells the cached results of one look-up from another's. */
  source: string;
  search: (branch: string, tag: string, answer: string, stem: string) => Promise<QuestionOptions>;
}

/** GET /api/v1/underwriting/lookupQuestionOption/{branch}/{tag}/{answer}?stem=: the adviser's. */
const adviserLookup: OptionsLookup = {
  source: 'adviser',
  search: async (branch, tag, answer, stem) =>
    unwrap(await api.GET('/api/v1/underwriting/lookupQuestionOption/{branch}/{tag}/{answer}', { params: { path: { branch, tag, answer }, query: { stem } } })),
};

/** The look-up the interview below uses; the client portal provides its own (the same search, for clients). */
export const QuestionLookupContext = createContext<OptionsLookup>(adviserLookup);

/**
 * The conditions or occupations matching what was typed (`answer`: the ids already chosen, `-` for
 * none), from the look-up in context. Nothing is asked for an empty search.
 */
export function useQuestionOptions(branch: string, tag: string, chosen: readonly string[], stem: string) {
  const lookup = useContext(QuestionLookupContext);
  const answer = chosen.length > 0 ? chosen.join(VALUE_SEPARATOR) : '-';
  const typed = stem.trim();
  return useQuery({
    queryKey: questionOptionKeys.search(lookup.source, branch, tag, answer, typed),
    queryFn: () => lookup.search(branch, tag, answer, typed),
    enabled: typed !== '',
  });
}
