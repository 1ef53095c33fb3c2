/**
 * UK telephone numbers (spec §5, §9), the same rule as domain::contact::phone: the number
 * ranges of Ofcom's numbering plan (as in libphonenumber's GB metadata), judged at range level;
 * +44 and 0044 read as the national form, which is what is stored (docs/decisions.md
 * K5-K8). Spaces and hyphens are removed first; brackets are allowed.
 */
import { fail, isSpace, type Parsed } from './text';

export type PhoneError =
  | 'empty'
  | 'invalidCharacters'
  | 'notUk'
  | 'missingZero'
  | 'notElevenDigits'
  | 'notTenOrElevenDigits'
  | 'premiumRate'
  | 'personalOrPager'
  | 'notInUse';

export const PHONE_MESSAGES: Record<PhoneError, string> = {
  empty: 'Please enter a phone number',
  invalidCharacters: 'A phone number can only contain digits, spaces, hyphens, brackets and a + at the start',
  notUk: 'Please enter a UK phone number',
  missingZero: 'UK phone numbers start with 0 or +44',
  notElevenDigits: 'This phone number should have 11 digits',
  notTenOrElevenDigits: 'This phone number should have 10 or 11 digits',
  premiumRate: 'Premium-rate numbers (09) cannot be used',
  personalOrPager: 'Personal (070) and pager (076) numbers cannot be used',
  notInUse: 'This is not a UK phone number in use',
};

type Lengths = 'eleven' | 'tenOrEleven';

/** Geographic codes with five digits after the 0, shown as `016977 2345`. */
const SIX_DIGIT_AREA_CODES = new Set([
  '13873', '15242', '15394', '15395', '15396', '16973', '16974', '16977', '17683', '17684', '17687', '19467',
]);

const error = (e: PhoneError) => fail(e, PHONE_MESSAGES[e]);

/**
 * The lengths a national significant number (the digits after the 0) may have, judged from
 * its leading digits, or why its range cannot be used.
 */
function rangeLengths(nsn: string): Lengths | PhoneError {
  const [a, b, c, d] = [nsn.charAt(0), nsn.charAt(1), nsn.charAt(2), nsn.charAt(3)];
  const short = 'notTenOrElevenDigits';
  switch (a) {
    case '':
      return short;
    case '1':
      if (b === '0') return 'notInUse';
      if (b === '1' || (b !== '' && c === '1')) return 'eleven';
      return b !== '' && c !== '' ? 'tenOrEleven' : short;
    case '2':
      if (b === '') return short;
      return '03489'.includes(b) ? 'eleven' : 'notInUse';
    case '3':
      if (b === '') return short;
      return '0347'.includes(b) ? 'eleven' : 'notInUse';
    case '5':
      if (b === '') return short;
      return '56'.includes(b) ? 'eleven' : 'notInUse';
    case '7':
      if (b === '0') return 'personalOrPager';
      if (b === '6') {
        if (c === '' || d === '') return short;
        return c === '2' && d === '4' ? 'eleven' : 'personalOrPager';
      }
      return b === '' ? short : 'eleven';
    case '8':
      if (b === '' || c === '') return short;
      if (b === '0' && c === '0') return 'tenOrEleven';
      if ((b === '0' && c === '8') || (b === '4' && '2345'.includes(c)) || (b === '7' && '0123'.includes(c))) {
        return 'eleven';
      }
      return 'notInUse';
    case '9':
      return 'premiumRate';
    default:
      return 'notInUse';
  }
}

/** Reads a number as typed (`07700 900123`, `+44 (0)20 7946 0000`); the value is the national form. */
export function parsePhoneNumber(text: string): Parsed<string, PhoneError> {
  const compact = Array.from(text).filter((ch) => !isSpace(ch) && ch !== '-');
  if (compact.length === 0) return error('empty');
  const allowed = compact.every((ch, i) => /^[0-9()]$/.test(ch) || (ch === '+' && i === 0));
  if (!allowed) return error('invalidCharacters');
  const digits = compact.filter((ch) => /^[0-9]$/.test(ch)).join('');
  let international: string | null = null;
  if (compact[0] === '+') international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  let national: string;
  if (international !== null) {
    if (!international.startsWith('44')) return error('notUk');
    const rest = international.slice(2);
    national = `0${rest.startsWith('0') ? rest.slice(1) : rest}`;
  } else if (digits.startsWith('0')) {
    national = digits;
  } else if (digits === '') {
    return error('notTenOrElevenDigits');
  } else {
    return error('missingZero');
  }
  const lengths = rangeLengths(national.slice(1));
  if (lengths !== 'eleven' && lengths !== 'tenOrEleven') return error(lengths);
  const fits = lengths === 'eleven' ? national.length === 11 : national.length === 10 || national.length === 11;
  if (fits) return { ok: true, value: national };
  return error(lengths === 'eleven' ? 'notElevenDigits' : 'notTenOrElevenDigits');
}

/** A stored national number grouped as written in the UK: `020 7946 0000`, `07700 900123`. */
export function groupPhoneNumber(national: string): string {
  const [b1, b2, b3] = [national.charAt(1), national.charAt(2), national.charAt(3)];
  let groups: number[];
  if (b1 === '2' || b1 === '5') groups = [3, 4];
  else if (b1 === '1' && (b2 === '1' || b3 === '1')) groups = [4, 3];
  else if (b1 === '1' && SIX_DIGIT_AREA_CODES.has(national.slice(1, 6))) groups = [6];
  else if (b1 === '1' || b1 === '7') groups = [5];
  else if (b1 === '8' && national.length === 10) groups = [4];
  else groups = [4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    parts.push(national.slice(at, at + size));
    at += size;
  }
  parts.push(national.slice(at));
  return parts.join(' ');
}

/** The international form, `+447700900123`. */
export function toE164(national: string): string {
  return `+44${national.slice(1)}`;
}
