import { render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { FormSelect } from './form-select';

const STYLES = [
  { value: 'indemnity', label: 'Indemnity' },
  { value: 'nonIndemnity', label: 'Non-indemnity' },
];

function CommissionStyle({ disabled }: { disabled: boolean }) {
  return (
    <Form disabled={disabled} initialValues={{ style: 'indemnity' }}>
      <Form.Item name="style" label="Commission style" rules={[{ required: true }]}>
        <FormSelect options={STYLES} />
      </Form.Item>
    </Form>
  );
}

/** The element antd draws the chosen value in, beside (not inside) the combobox input. */
function chosenValue(): HTMLElement {
  return screen.getByTitle('Indemnity');
}

describe('FormSelect', () => {
  it('keeps the required state on the combobox, where it is announced, not on the wrapper', () => {
    render(<CommissionStyle disabled={false} />);
    const combobox = screen.getByRole('combobox', { name: 'Commission style' });
    expect(combobox).toHaveAttribute('aria-required', 'true');
    expect(combobox.closest('.ant-select')).not.toHaveAttribute('aria-required');
  });

  it('marks the chosen value of a select its form disables as part of a disabled control (exempt from contrast)', () => {
    const { rerender } = render(<CommissionStyle disabled={false} />);
    expect(chosenValue().closest('[aria-disabled="true"]')).toBeNull();

    rerender(<CommissionStyle disabled />);
    expect(screen.getByRole('combobox', { name: 'Commission style' })).toBeDisabled();
    expect(chosenValue().closest('[aria-disabled="true"]')).not.toBeNull();

    rerender(<CommissionStyle disabled={false} />);
    expect(chosenValue().closest('[aria-disabled="true"]')).toBeNull();
  });
});
