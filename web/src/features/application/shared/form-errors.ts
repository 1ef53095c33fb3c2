/** Server field errors (422 problem `errors`) placed on a form. */
import { useState } from 'react';
import { isApiError, type FieldError } from '@/lib/api-error';

export interface SplitFormErrors<F extends string> {
  byField: { name: F; errors: string[] }[];
  other: string[];
}

/** Server field errors: those naming one of `fields` (its last part) go beside it, the rest above the form. */
export function splitFormErrors<F extends string>(errors: readonly FieldError[], fields: readonly F[], aliases: Partial<Record<string, F>> = {}): SplitFormErrors<F> {
  const byField = new Map<F, string[]>();
  const other: string[] = [];
  for (const { field, message } of errors) {
    const last = field.split('.').at(-1) ?? '';
    const name = (fields as readonly string[]).includes(last) ? (last as F) : aliases[last];
    if (name === undefined) other.push(message);
    else byField.set(name, [...(byField.get(name) ?? []), message]);
  }
  return { byField: [...byField].map(([name, messages]) => ({ name, errors: messages })), other };
}

/** Field errors split from the rest: `N` a field's name (a string, or a path for a nested field). */
interface Split<N> {
  byField: { name: N; errors: string[] }[];
  other: string[];
}

/** A form rule's validator answer: rejected with the message a check found, resolved when it found none. */
export function checked(message: string | null | undefined): Promise<void> {
  return message ? Promise.reject(new Error(message)) : Promise.resolve();
}

export interface FormRefusal<N> {
  /** For the form's `setFields`: each message beside the field it names. */
  byField: Split<N>['byField'];
  /** For above the form. */
  problems: string[];
}

/**
 * What a refused save shows: the field errors beside their fields, and above the form those that
 * name none of them, or the problem's own message when it named no field at all. A failure that
 * is not an answer from the API shows `fallback`.
 */
export function formRefusal<N>(error: unknown, split: (errors: readonly FieldError[]) => Split<N>, fallback: string): FormRefusal<N> {
  if (!isApiError(error)) return { byField: [], problems: [fallback] };
  const { byField, other } = split(error.fieldErrors);
  return { byField, problems: other.length > 0 || byField.length > 0 ? other : [error.message] };
}

/** The form whose fields a refusal's messages go beside (an antd FormInstance). */
interface RefusedForm<N> {
  setFields: (fields: FormRefusal<N>['byField']) => void;
}

/**
 * A form's save and what a refused one shows: `attempt` clears the last problems and runs `save`;
 * a refusal puts its field errors beside their fields (split by `split`) and the rest in
 * `problems`, for above the form, and is returned for anything more the form does with it.
 */
export function useSaveProblems<N>(form: RefusedForm<N>, fallback: string, initial: readonly string[] = []) {
  const [problems, setProblems] = useState<readonly string[]>(initial);
  const attempt = async (save: () => Promise<unknown>, split: (errors: readonly FieldError[]) => Split<N>): Promise<FormRefusal<N> | null> => {
    setProblems([]);
    try {
      await save();
      return null;
    } catch (error) {
      const refused = formRefusal(error, split, fallback);
      form.setFields(refused.byField);
      setProblems(refused.problems);
      return refused;
    }
  };
  return { problems, attempt };
}
