import { useState } from 'react';
import type { Schemas } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

type Answer = Schemas['Answer'];

/**
 * Sends each answer as it is given and keeps what the server said about it: a refusal naming
 * questions (422 problem `errors[].field` = the question's tag) beside those questions, any other
 * failure once for the page. A new answer to a question clears what was said about it.
 */
export function useInterviewAnswers(send: (answers: Answer[]) => Promise<unknown>, failed: string) {
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const answer = (tag: string, value: string) => {
    setFailure(null);
    setRefused((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== tag)));
    send([{ tag, value }]).catch((error: unknown) => {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        setRefused((current) => ({ ...current, ...Object.fromEntries(error.fieldErrors.map((e) => [e.field, e.message])) }));
      } else {
        setFailure(isApiError(error) ? error.message : failed);
      }
    });
  };

  return { answer, refused, failure };
}
