/**
 * The security headers as a browser meets them (issue 34, docs/decisions.md SEC1–SEC4): the
 * SPA, Swagger UI and the development sign-in page all work under a Content-Security-Policy
 * without `unsafe-inline`, and a style injected without the page's nonce is refused. Every other
 * browser test also fails on any violation (browser.ts).
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { eventually, launchBrowser, screenshot, takeCspViolations, visible, type Browser } from './browser';
import { signInAtDevIdp } from './steps';

const baseUrl = inject('baseUrl');

let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await browser.close();
});

describe('the security headers', () => {
  it('let the SPA style itself with its nonce, and refuse a style without it', async () => {
    const { page, context } = browser;
    const index = await page.goto(`${baseUrl}/v2/`);
    const headers = index?.headers() ?? {};
    const policy = headers['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(headers['referrer-policy']).toBe('same-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    // Plain HTTP on loopback: never pinned to HTTPS (SEC3).
    expect(headers['strict-transport-security']).toBeUndefined();

    await page.waitForURL(/\/dev-idp\/authorize/);
    const signInPage = await context.request.get(page.url());
    expect(signInPage.headers()['content-security-policy']).toMatch(/style-src 'sha256-[^']+'/);
    expect(signInPage.headers()['content-security-policy']).not.toContain('unsafe-inline');
    await signInAtDevIdp(page);
    await page.waitForURL(/\/v2\/dashboard$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
    await screenshot(page, 'security-headers-dashboard');

    // antd wrote its styles, each with the nonce the page's policy names.
    const nonce = await page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '');
    const current = (await page.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'))) ?? '';
    expect(nonce.length).toBeGreaterThan(10);
    const styles = await page.evaluate(() => Array.from(document.querySelectorAll<HTMLStyleElement>('style'), (style): string => style.nonce ?? ''));
    expect(styles.length).toBeGreaterThan(0);
    for (const styleNonce of styles) expect(styleNonce).toBe(nonce);
    // Each response has its own nonce.
    expect(current).not.toContain(nonce);

    // Injected markup's style and script are refused and reported.
    expect(takeCspViolations(context)).toEqual([]);
    await page.evaluate(() => {
      document.head.insertAdjacentHTML('beforeend', '<style>body { background: red; }</style>');
      document.body.insertAdjacentHTML('beforeend', '<img src="x" onerror="document.title = \'pwned\'">');
    });
    const refused: string[] = [];
    await eventually(() => {
      refused.push(...takeCspViolations(context).map((v) => v.directive));
      expect(refused).toContain('style-src-elem');
      expect(refused).toContain('script-src-attr');
      return Promise.resolve();
    });
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 0, 0)');
    expect(await page.title()).not.toBe('pwned');
  });

  it('let Swagger UI describe the API and try a call', async () => {
    const { page } = browser;
    const docs = await page.goto(`${baseUrl}/api/docs/`);
    const policy = docs?.headers()['content-security-policy'] ?? '';
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain("frame-ancestors 'none'");

    const operation = page.locator('#operations-bootstrap-config');
    await visible(operation);
    await operation.locator('.opblock-summary-control').click();
    await page.getByRole('button', { name: 'Try it out' }).click();
    await page.getByRole('button', { name: 'Execute' }).click();
    await visible(operation.locator('.live-responses-table .response-col_status', { hasText: '200' }));
    // Swagger UI is a vendor's page, so it is photographed without the portal's axe check.
    await page.screenshot({ path: 'test-results/screenshots/security-headers-swagger.png', fullPage: true });
  });
});
