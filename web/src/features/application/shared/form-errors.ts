/** Server field errors (422 problem `errors`) placed on a form. */
import type { FieldError } from '@/lib/api-error';

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
