import { Radio, type RadioGroupProps } from 'antd';

interface LabelledRadioGroupProps extends RadioGroupProps {
  /** The id of the visible label element (antd Form.Item renders it as `<label for={id}>`). */
  labelledBy: string;
}

/**
 * An antd Radio.Group exposed as a named ARIA radiogroup, so its label is announced and
 * `getByRole('radiogroup', { name })` finds it. Use it as a Form.Item's direct child.
 */
export function LabelledRadioGroup({ labelledBy, ...props }: LabelledRadioGroupProps) {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy}>
      <Radio.Group {...props} />
    </div>
  );
}
