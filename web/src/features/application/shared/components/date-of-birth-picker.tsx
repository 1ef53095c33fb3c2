import { DatePicker, type DatePickerProps } from 'antd';
import { outsideRange, ukDatePickerProps } from '@/components/uk-date-input';

/**
 * A date of birth typed as dd/MM/yyyy (or picked), never in the future. Use it as a Form.Item's
 * direct child: the item's value, onChange and id pass through.
 */
export function DateOfBirthPicker(props: DatePickerProps) {
  return (
    <DatePicker
      {...ukDatePickerProps}
      disabledDate={outsideRange.past}
      style={{ width: '100%' }}
      {...props}
    />
  );
}
