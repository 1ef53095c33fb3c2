import { ConfigProvider, Select, type SelectProps } from 'antd';
import type { RefSelectProps } from 'antd/es/select';
import { useLayoutEffect, useRef } from 'react';

/**
 * The state attributes that Form.Item (or a caller, `aria-expanded`) gives the select and that only
 * its combobox may carry.
 */
const COMBOBOX_ONLY = ['aria-required', 'aria-invalid', 'aria-expanded'] as const;

/**
 * An antd Select for a form field (as a Form.Item's direct child, or labelled by hand).
 *
 * Form.Item gives its child `aria-required` (and `aria-invalid` when the field has an error).
 * antd's Select puts them on its combobox input, where they belong and are announced, but also
 * on its outer wrapper div, which has no role: there they are not allowed (axe
 * `aria-allowed-attr`, critical, WCAG 4.1.2). This keeps them on the combobox only.
 *
 * When the select is disabled (itself or by its Form), antd disables the combobox input but
 * draws the chosen value beside it, outside anything disabled, in the pale disabled colour. The
 * wrapper says it is disabled (`aria-disabled`), so the value is known as part of an inactive
 * control, which WCAG 1.4.3 exempts from the contrast minimum, as it does every disabled input.
 */
export function FormSelect<V = unknown>(props: SelectProps<V>) {
  const ref = useRef<RefSelectProps>(null);
  const { componentDisabled } = ConfigProvider.useConfig();
  const disabled = props.disabled ?? componentDisabled;
  const required = props['aria-required'];
  const invalid = props['aria-invalid'];
  const expanded = props['aria-expanded'];
  useLayoutEffect(() => {
    const root = ref.current?.nativeElement;
    if (!root) return;
    for (const name of COMBOBOX_ONLY) root.removeAttribute(name);
    if (disabled) root.setAttribute('aria-disabled', 'true');
    else root.removeAttribute('aria-disabled');
  }, [required, invalid, expanded, disabled]);
  return <Select<V> ref={ref} {...props} />;
}
