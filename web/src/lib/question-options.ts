/**
 * The interview's searchable answers (conditions, occupations): what a backed question's answer
 * holds and the look-up that finds its options. The application's interview and Qi ask the same
 * questions, so both read them here.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { unwrap } from './api-error';

/** Several choices of one answer are joined by `|` (see the API's AnswersRequest). */
export const VALUE_SEPARATOR = '|';

export function valuesOf(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(VALUE_SEPARATOR)
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/**
 * GET /api/v1/underwriting/lookupQuestionOption/{branch}/{tag}/{answer}?stem=: the conditions or
 * occupations matching what was typed (`answer`: the ids already chosen, `-` for none). Nothing is
 * asked for an empty search.
 */
export function useQuestionOptions(branch: string, tag: string, chosen: readonly string[], stem: string) {
  const answer = chosen.length > 0 ? chosen.join(VALUE_SEPARATOR) : '-';
  const typed = stem.trim();
  return useQuery({
    queryKey: ['question-options', branch, tag, answer, typed],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/underwriting/lookupQuestionOption/{branch}/{tag}/{answer}', {
          params: { path: { branch, tag, answer }, query: { stem: typed } },
        }),
      ),
    enabled: typed !== '',
  });
}
