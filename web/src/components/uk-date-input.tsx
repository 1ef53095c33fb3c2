import { DatePicker } from 'antd';
import type { KeyboardEvent } from 'react';
import { DATE_FORMATS, DATE_PLACEHOLDER, dayjs, parseIsoDate, toIsoDate, type Dayjs } from '@/lib/dayjs';

/** Which days may be chosen: up to today, from today, or any. */
export type DateRange = 'past' | 'future' | 'any';

interface UkDateInputProps {
  /** The date as the API writes it (`YYYY-MM-DD`), or '' for none. */
  value: string;
  /** Called with the chosen date as `YYYY-MM-DD`, or '' when it is cleared. */
  onChange: (isoDate: string) => void;
  range?: DateRange;
  disabled?: boolean;
  /** For a `<label htmlFor>` around it. */
  id?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/**
 * What every date field shares: typed in British order (the first format is the one shown) and
 * Enter confirming a typed date without also submitting a form around it.
 */
export const ukDatePickerProps = {
  format: DATE_FORMATS,
  placeholder: DATE_PLACEHOLDER,
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter') event.preventDefault();
  },
};

/** The days a range leaves out. */
export const outsideRange: Record<DateRange, ((day: Dayjs) => boolean) | undefined> = {
  past: (day) => day.isAfter(dayjs(), 'day'),
  future: (day) => day.isBefore(dayjs(), 'day'),
  any: undefined,
};

/**
 * A date typed as dd/mm/yyyy (or picked) whatever the browser's language, so 06/01/2015 is
 * always 6 January; a browser's own date input shows US order in an en-US browser.
 */
export function UkDateInput({ value, onChange, range = 'any', ...rest }: UkDateInputProps) {
  return (
    <DatePicker
      {...ukDatePickerProps}
      value={parseIsoDate(value)}
      onChange={(day: Dayjs | null) => onChange(day ? toIsoDate(day) : '')}
      disabledDate={outsideRange[range]}
      style={{ width: '100%', maxWidth: 200 }}
      {...rest}
    />
  );
}
