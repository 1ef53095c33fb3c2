/**
 * UK postcodes (spec §5), the same rule as domain::contact::postcode: the Royal Mail format
 * with its positional letter rules, spaces ignored anywhere, case folded, and the normalised
 * form "outward inward" (`SW1A 1AA`). GIR 0AA is accepted; the British Overseas Territories'
 * codes are refused with their own message (docs/decisions.md K1).
 */
import { fail, removeSpaces, type Parsed } from './text';

export type PostcodeError = 'empty' | 'invalid' | 'overseasTerritory';

export const POSTCODE_MESSAGES: Record<PostcodeError, string> = {
  empty: 'Please enter a postcode',
  invalid: 'Please enter a valid UK postcode',
  overseasTerritory: 'Postcodes of the British Overseas Territories cannot be accepted',
};

const OVERSEAS_TERRITORIES = new Set([
  'ASCN1ZZ', 'STHL1ZZ', 'TDCU1ZZ', 'BBND1ZZ', 'BIQQ1ZZ', 'FIQQ1ZZ', 'GX111AA', 'PCRN1ZZ', 'SIQQ1ZZ', 'TKCA1ZZ',
]);

const FIRST = '[A-PR-UWYZ]';
const SECOND = '[A-HK-Y]';
const OUTWARD = new RegExp(
  `^(?:${FIRST}[0-9]|${FIRST}[0-9]{2}|${FIRST}${SECOND}[0-9]|${FIRST}${SECOND}[0-9]{2}` +
    `|${FIRST}[0-9][ABCDEFGHJKPSTUW]|${FIRST}${SECOND}[0-9][ABEHMNPRVWXY])$`,
);
const INWARD = /^[0-9][ABD-HJLNP-UW-Z]{2}$/;

export function parsePostcode(text: string): Parsed<string, PostcodeError> {
  const compact = removeSpaces(text);
  if (compact === '') return fail('empty', POSTCODE_MESSAGES.empty);
  if (!/^[A-Za-z0-9]+$/.test(compact)) return fail('invalid', POSTCODE_MESSAGES.invalid);
  const upper = compact.toUpperCase();
  if (OVERSEAS_TERRITORIES.has(upper)) return fail('overseasTerritory', POSTCODE_MESSAGES.overseasTerritory);
  if (upper.length < 5 || upper.length > 7) return fail('invalid', POSTCODE_MESSAGES.invalid);
  const outward = upper.slice(0, -3);
  const inward = upper.slice(-3);
  const valid = upper === 'GIR0AA' || (OUTWARD.test(outward) && INWARD.test(inward));
  return valid ? { ok: true, value: `${outward} ${inward}` } : fail('invalid', POSTCODE_MESSAGES.invalid);
}
