/**
 * Where to go back to after sign-in, or after an outside link (`/launch?returnTo=`): only a path
 * inside this app, never another site (open-redirect protection). Every address that came from
 * outside the app's own code (a query parameter, the OpenID Connect `state`, session storage)
 * passes through `safeReturnTo` before the router is sent there.
 */

/** The app's home, where a missing or refused target goes: it sends each role home (EP5). */
export const HOME_ROUTE = '/portal-redirect';

/**
 * `target` when it is a same-origin path relative to the router's basename (`/application/1/quote?x=1`),
 * else undefined. Refused: absolute URLs (`https://evil.com`, `javascript:…`), protocol-relative
 * `//evil.com`, `/\evil.com` (browsers read a backslash as a slash), control characters and
 * whitespace (which browsers strip, turning `/\t/evil.com` into `//evil.com`), and anything
 * that resolves to another origin.
 */
export function safeReturnTo(target: unknown): string | undefined {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2_000) return undefined;
  if (!target.startsWith('/')) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are what is being refused
  if (/[\u0000-\u001f\u007f\s\\]/.test(target)) return undefined;
  if (target.startsWith('//')) return undefined;
  const base = 'https://portal.invalid';
  let resolved: URL;
  try {
    resolved = new URL(target, base);
  } catch {
    return undefined;
  }
  if (resolved.origin !== base) return undefined;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
