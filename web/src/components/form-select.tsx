import { Select, type SelectProps } from 'antd';
import type { RefSelectProps } from 'antd/es/select';
import { useLayoutEffect, useRef } from 'react';

/** The state attributes that Form.Item gives its child and that only the combobox may carry. */
const COMBOBOX_ONLY = ['aria-required', 'aria-invalid'] as const;

/**
 * An antd Select for use as a Form.Item's direct child.
 *
 * Form.Item gives its child `aria-required` (and `aria-invalid` when the field has an error).
 * antd's Select puts them on its combobox input, where they belong and are announced, but also
 * on its outer wrapper div, which has no role: there they are not allowed (axe
 * `aria-allowed-attr`, critical, WCAG 4.1.2). This keeps them on the combobox only.
 */
export function FormSelect<V = unknown>(props: SelectProps<V>) {
  const ref = useRef<RefSelectProps>(null);
  const required = props['aria-required'];
  const invalid = props['aria-invalid'];
  useLayoutEffect(() => {
    const root = ref.current?.nativeElement;
    if (!root) return;
    for (const name of COMBOBOX_ONLY) root.removeAttribute(name);
  }, [required, invalid]);
  return <Select<V> ref={ref} {...props} />;
}
