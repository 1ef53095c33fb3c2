import { useId, type ReactNode } from 'react';

/** What ties a field to the message under it. */
export interface FieldMessage {
  /** For the Form.Item's `help`. */
  help: ReactNode;
  /** For the field itself: `aria-describedby` (and `aria-invalid` for an error). */
  fieldProps: { 'aria-describedby'?: string; 'aria-invalid'?: boolean };
}

/**
 * The message under a Form.Item that has no `name` (its value kept by the page, not by the form).
 * antd ties a message to its field with `aria-describedby` only for named items; without this a
 * screen reader would reach the field and never hear its error. `invalid` marks an error, not a
 * hint.
 */
export function useFieldMessage(message: ReactNode, invalid: boolean): FieldMessage {
  const id = useId();
  if (message === undefined || message === null || message === '' || message === false) return { help: undefined, fieldProps: {} };
  return {
    help: <span id={id}>{message}</span>,
    fieldProps: invalid ? { 'aria-describedby': id, 'aria-invalid': true } : { 'aria-describedby': id },
  };
}
