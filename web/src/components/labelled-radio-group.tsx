import { Radio, type RadioGroupProps } from 'antd';

interface LabelledRadioGroupProps extends RadioGroupProps {
  /** The id of the visible label element (antd Form.Item renders it as `<label for={id}>`). */
  labelledBy: string;
}

/**
 * An antd Radio.Group exposed as a named ARIA radiogroup, so its label is announced and
 * `getByRole('radiogroup', { name })` finds it. Use it as a Form.Item's direct child.
 *
 * The role goes on the Radio.Group's own element, not on a wrapper around it: Form.Item gives
 * its child `aria-required`, `aria-invalid` and `aria-describedby`, and Radio.Group puts them on
 * its element. On a plain div (no role) `aria-required` is not allowed (axe `aria-allowed-attr`,
 * critical) and is ignored by screen readers; on the radiogroup it is allowed and announced, and
 * the field's error is tied to the group by `aria-describedby`.
 */
export function LabelledRadioGroup({ labelledBy, ...props }: LabelledRadioGroupProps) {
  // RadioGroupProps does not declare `role`, but Radio.Group passes role and aria-* to its element.
  const group = { role: 'radiogroup', 'aria-labelledby': labelledBy };
  return <Radio.Group {...group} {...props} />;
}
