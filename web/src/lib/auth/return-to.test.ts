import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

describe('safeReturnTo (open-redirect protection)', () => {
  it.each([
    ['/application/123/quote', '/application/123/quote'],
    ['/dashboard/policyholders?page=2', '/dashboard/policyholders?page=2'],
    ['/underwriting-qi/new/client-details#top', '/underwriting-qi/new/client-details#top'],
    ['/', '/'],
  ])('keeps the app path %s', (target, expected) => {
    expect(safeReturnTo(target)).toBe(expected);
  });

  it.each([
    ['//evil.com'],
    ['//evil.com/application/1/quote'],
    ['https://evil.com'],
    ['http://127.0.0.1/dashboard'],
    ['/\\evil.com'],
    ['\\\\evil.com'],
    ['/\t/evil.com'],
    ['/%0a/evil.com'.replace('%0a', '\n')],
    ['javascript:alert(1)'],
    ['JavaScript:alert(document.cookie)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['evil.com'],
    ['application/1/quote'],
    [' /dashboard'],
    [''],
  ])('refuses %j', (target) => {
    expect(safeReturnTo(target)).toBeUndefined();
  });

  it('refuses what is not a string', () => {
    expect(safeReturnTo(undefined)).toBeUndefined();
    expect(safeReturnTo(null)).toBeUndefined();
    expect(safeReturnTo({ returnTo: '/dashboard' })).toBeUndefined();
    expect(safeReturnTo(42)).toBeUndefined();
  });

  it('normalises dot segments so the target stays inside the app', () => {
    expect(safeReturnTo('/application/../dashboard')).toBe('/dashboard');
    expect(safeReturnTo('/../../evil.com')).toBe('/evil.com');
  });
});
