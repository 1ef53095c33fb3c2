/**
 * Text helpers the contact, bank-details and sign-in rules share, written to match the Rust
 * domain exactly: "space" is Unicode White_Space (Rust's `char::is_whitespace`, which is not
 * quite JavaScript's `\s`), and lengths count characters (code points), not UTF-16 units.
 */

/** One rule a field broke, named by the JSON field (domain::errors::FieldError). */
export interface FieldError {
  field: string;
  message: string;
}

/** The outcome of parsing typed text: the normalised value, or the rule broken and its message. */
export type Parsed<T, E extends string> =
  | { ok: true; value: T }
  | { ok: false; error: E; message: string };

const WHITE_SPACE =
  /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/u;
const WHITE_SPACE_ALL = new RegExp(WHITE_SPACE.source, 'gu');
const LEADING = new RegExp(`^(?:${WHITE_SPACE.source})+`, 'u');
const TRAILING = new RegExp(`(?:${WHITE_SPACE.source})+$`, 'u');

export function isSpace(char: string): boolean {
  return WHITE_SPACE.test(char);
}

/** Rust's `str::trim`. */
export function trimSpaces(text: string): string {
  return text.replace(LEADING, '').replace(TRAILING, '');
}

export function removeSpaces(text: string): string {
  return text.replace(WHITE_SPACE_ALL, '');
}

/** Characters as Rust counts them (`chars().count()`). */
export function charCount(text: string): number {
  return Array.from(text).length;
}

/** Rust's `char::is_control`: the Unicode Cc category. */
export function hasControl(text: string): boolean {
  return /\p{Cc}/u.test(text);
}

/** Trimmed text, or null when it is absent or blank. */
export function given(text: string | null | undefined): string | null {
  const trimmed = trimSpaces(text ?? '');
  return trimmed === '' ? null : trimmed;
}

/** "a", "a and b", "a, b and c". */
export function englishList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.slice(-1).join('')}`;
}

export function fail<E extends string>(error: E, message: string): { ok: false; error: E; message: string } {
  return { ok: false, error, message };
}

/** Names each error's field as a path inside a larger document (`applicants[1].postcode`). */
export function prefixed(prefix: string, errors: readonly FieldError[]): FieldError[] {
  return errors.map(({ field, message }) => ({ field: `${prefix}${field}`, message }));
}
