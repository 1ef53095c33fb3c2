import { DatePicker, type DatePickerProps } from 'antd';
import { DATE_FORMATS, dayjs, type Dayjs } from '@/lib/dayjs';
import { applicationStrings } from '../strings';

function isFutureDate(date: Dayjs): boolean {
  return date.isAfter(dayjs(), 'day');
}

/**
 * A date of birth typed as dd/MM/yyyy (or picked), never in the future. Use it as a Form.Item's
 * direct child: the item's value, onChange and id pass through.
 */
export function DateOfBirthPicker(props: DatePickerProps) {
  return (
    <DatePicker
      format={DATE_FORMATS}
      placeholder={applicationStrings.dateOfBirthPlaceholder}
      disabledDate={isFutureDate}
      // Enter confirms a typed date; it should not also submit a half-filled form.
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
      style={{ width: '100%' }}
      {...props}
    />
  );
}
