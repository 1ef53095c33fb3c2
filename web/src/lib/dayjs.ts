/** dayjs configured once for the whole app: British English, strict parsing of ISO dates. */
import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);
dayjs.locale('en-gb');

export { dayjs };
export type { Dayjs } from 'dayjs';

/** `YYYY-MM-DD`, the API's date format. */
export const ISO_DATE = 'YYYY-MM-DD';

/** Parses an API date (`YYYY-MM-DD`); null for anything else. */
export function parseIsoDate(value: string | null | undefined): dayjs.Dayjs | null {
  if (!value) return null;
  const parsed = dayjs(value, ISO_DATE, true);
  return parsed.isValid() ? parsed : null;
}

export function toIsoDate(value: dayjs.Dayjs): string {
  return value.format(ISO_DATE);
}

/** Typed dates are read in British order whatever the browser's language; the first is shown. */
export const DATE_FORMATS = ['DD/MM/YYYY', 'D/M/YYYY', 'DDMMYYYY'];

/** What an empty date field shows. */
export const DATE_PLACEHOLDER = 'DD/MM/YYYY';
