/**
 * The error pages, sign-in failures, /launch and idle log-out (issue 34; spec §1, §2, §6, §8, §9)
 * against the real stack: a page whose code cannot be downloaded shows the error page, whose
 * Sign out comes back to the same address after sign-in; the service-error page when the API
 * cannot be reached; /launch with a returnTo; idle log-out on a portal of its own started with a
 * short IDLE_TIMEOUT_SECONDS (EP8). Each page is photographed, checked by axe and used by keyboard.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { reportAccessibility } from './axe';
import { eventually, launchBrowser, screenshot, visible, type Browser } from './browser';
import { startPortal } from './portal';
import { stop, type Service } from './processes';
import { signInAtDevIdp } from './steps';

const baseUrl = inject('baseUrl');
/** Short enough to wait for in a test: the warning shows after 10 s, sign-out at 20 s (EP6, EP8). */
const IDLE_TIMEOUT_SECONDS = 20;

let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await browser.close();
});

/** The address inside the portal, path and query, as the SPA carries it. */
function portalAddress(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Presses Tab until `name`'s button (in `scope`) has focus (at most 30 times), then Enter: a keyboard user's click. */
async function pressButton(page: Page, name: string, scope: Page | Locator = page): Promise<void> {
  const button = scope.getByRole('button', { name, exact: true });
  for (let tab = 0; tab < 30; tab += 1) {
    if (await button.evaluate((element) => element === document.activeElement)) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`the ${name} button could not be reached with Tab`);
}

describe('the error page (§2, §8)', () => {
  it('shows when a page’s code cannot be downloaded, and its Sign out comes back to the same address after sign-in', async () => {
    const { page } = browser;
    const address = '/v2/policy-holder/PH-NOT-THERE?tab=documents';
    // The page's code fails to download, as after a release replaced it or on a flaky network.
    const chunk = /\/v2\/assets\/policy-holder-route-[^/]+\.js$/;
    await page.route(chunk, (route) => route.abort('failed'));

    await page.goto(`${baseUrl}${address}`);
    await signInAtDevIdp(page);
    const region = page.getByRole('region', { name: 'Sorry, something’s gone wrong' });
    await visible(region);
    expect(portalAddress(page)).toBe(address);
    await visible(region.getByText('Please try again.'));
    await visible(region.getByRole('link', { name: /^0\d/ }));
    await eventually(async () => {
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sorry, something’s gone wrong');
    });
    await screenshot(page, 'errors-01-error-page');

    await page.unroute(chunk);
    // Keyboard only: from the focused heading to Sign out.
    // The header has a Sign out too; the page's is the one after the heading.
    await pressButton(page, 'Sign out', region);
    await page.waitForURL(/\/v2\/login$/);
    await visible(page.getByText('You have signed out'));
    await screenshot(page, 'errors-02-signed-out');

    await pressButton(page, 'Sign in');
    await signInAtDevIdp(page);
    await page.waitForURL((url) => `${url.pathname}${url.search}` === address);
    await visible(page.getByRole('heading', { level: 1, name: 'Policy not found' }));
  });
});

describe('the pages that go wrong on the client portal (issue 50)', () => {
  it('carry the client portal’s brand, the clients’ help line and their way home, never the adviser’s', async () => {
    const { page } = browser;
    const header = page.getByRole('banner');
    const footer = page.getByRole('contentinfo');
    await page.goto(`${baseUrl}/v2/portal/no-such-page`);
    await visible(page.getByRole('heading', { level: 1, name: 'Page not found' }));
    await visible(header.getByRole('link', { name: /Client Portal/ }));
    await visible(page.getByRole('button', { name: 'Go to the client portal' }));
    expect(await footer.getByRole('link', { name: 'adviser.support@example.com' }).count()).toBe(0);
    await reportAccessibility(page, 'client not found');
    await screenshot(page, 'errors-05-client-not-found');

    await page.goto(`${baseUrl}/v2/service-error?returnTo=%2Fportal%2Fhome`);
    const unavailable = page.getByRole('region', { name: 'The client portal is unavailable' });
    await visible(unavailable);
    await visible(header.getByRole('link', { name: /Client Portal/ }));
    expect(await page.getByRole('link', { name: 'adviser.support@example.com' }).count()).toBe(0);
    expect(await page.getByText('Adviser Portal').count()).toBe(0);
    await reportAccessibility(page, 'client service error');
    await screenshot(page, 'errors-06-client-service-error');
  });
});

describe('the service-error page (§2)', () => {
  it('shows when the API cannot be reached, and Try again goes back to where the adviser was', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/v2/dashboard`);
    await signInAtDevIdp(page);
    await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));

    // The API goes down: every call fails on the network.
    const api = /\/api\/v1\//;
    await page.route(api, (route) => route.abort('connectionrefused'));
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Underwriting Qi' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'The adviser portal is unavailable' }), 30_000);
    expect(portalAddress(page)).toBe('/v2/service-error?returnTo=%2Funderwriting-qi');
    await screenshot(page, 'errors-03-service-error');

    await page.unroute(api);
    await pressButton(page, 'Try again');
    await page.waitForURL(/\/v2\/underwriting-qi$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Underwriting Qi' }));
  });

  it('shows in place when the portal cannot even load its configuration, and carries on from there', async () => {
    const { page } = browser;
    const config = /\/api\/v1\/backendforfrontend\/config$/;
    await page.route(config, (route) => route.abort('connectionrefused'));
    await page.goto(`${baseUrl}/v2/underwriting-qi`);
    await visible(page.getByRole('heading', { level: 1, name: 'The adviser portal is unavailable' }), 30_000);
    await screenshot(page, 'errors-04-service-error-at-start');

    await page.unroute(config);
    await pressButton(page, 'Try again');
    await signInAtDevIdp(page);
    await page.waitForURL(/\/v2\/underwriting-qi$/);
  });

  it('at a client portal address, speaks to the client even before the configuration loads', async () => {
    const { page } = browser;
    const config = /\/api\/v1\/backendforfrontend\/config$/;
    await page.route(config, (route) => route.abort('connectionrefused'));
    await page.goto(`${baseUrl}/v2/portal/home`);
    await visible(page.getByRole('heading', { level: 1, name: 'The client portal is unavailable' }), 30_000);
    expect(await page.getByRole('link', { name: 'adviser.support@example.com' }).count()).toBe(0);
    await screenshot(page, 'errors-07-client-service-error-at-start');
    await page.unroute(config);
  });
});

describe('the portal error (§2 error, §8 "Invalid login details")', () => {
  it('shows when the identity provider hands back an error, and Try again signs in afresh', async () => {
    const { page } = browser;
    // What a provider sends back when it refuses a sign-in.
    await page.goto(`${baseUrl}/v2/auth/callback?error=access_denied&state=not-one-of-ours`);
    await page.waitForURL(/\/v2\/error/);
    await visible(page.getByRole('heading', { level: 1, name: 'Invalid login details' }));
    await screenshot(page, 'errors-07-portal-error');

    await pressButton(page, 'Try again');
    await signInAtDevIdp(page);
    await page.waitForURL(/\/v2\/dashboard$/);
  });
});

describe('/launch (§2)', () => {
  it('signs the adviser in and goes to the portal page it names', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/v2/launch?returnTo=${encodeURIComponent('/underwriting-qi')}`);
    await signInAtDevIdp(page);
    await page.waitForURL(/\/v2\/underwriting-qi$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Underwriting Qi' }));
  });

  it('never sends the adviser to another site', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/v2/launch?returnTo=${encodeURIComponent('//evil.example/phish')}`);
    await signInAtDevIdp(page);
    await page.waitForURL(/\/v2\/dashboard$/);
    expect(new URL(page.url()).origin).toBe(baseUrl);
  });
});

describe('idle log-out (§1, §9)', () => {
  let portal: Service | undefined;
  let idleBaseUrl = '';
  let dataDir = '';

  // A portal of its own with a short IDLE_TIMEOUT_SECONDS, on the same Temporal server with
  // its own database and task queue, so nothing else runs with a timeout this short (EP8).
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-idle-'));
    const started = await startPortal({
      name: 'portal-idle',
      temporalAddress: inject('temporalAddress'),
      dataDir,
      logDir: inject('logDir'),
      env: { IDLE_TIMEOUT_SECONDS: String(IDLE_TIMEOUT_SECONDS), TEMPORAL_TASK_QUEUE: 'portal-e2e-idle' },
      started: (service) => {
        portal = service;
      },
    });
    idleBaseUrl = started.baseUrl;
  });

  afterAll(async () => {
    if (portal) await stop(portal);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('warns a minute before (here half the short timeout), Stay signed in keeps the adviser in, then signs them out and back to the page after sign-in', async () => {
    const { page } = browser;
    await page.goto(`${idleBaseUrl}/v2/underwriting-qi`);
    await signInAtDevIdp(page);
    await visible(page.getByRole('heading', { level: 1, name: 'Underwriting Qi' }));

    // Nothing is touched: the warning comes, announced as an alert dialog with focus in it.
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await visible(warning, 20_000);
    await eventually(async () => {
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Stay signed in');
    });
    await screenshot(page, 'errors-05-idle-warning');
    await page.keyboard.press('Enter');
    await warning.waitFor({ state: 'hidden' });
    expect(portalAddress(page)).toBe('/v2/underwriting-qi');

    // Nothing again: signed out at the limit, on the login landing page, which says why.
    await visible(warning, 20_000);
    await page.waitForURL(/\/v2\/login$/, { timeout: 30_000 });
    await visible(page.getByText(`You were signed out because you were inactive for ${String(IDLE_TIMEOUT_SECONDS)} seconds`));
    // Nothing of the adviser's stays on screen.
    expect(await page.getByText('Underwriting Qi', { exact: true }).count()).toBe(0);
    await screenshot(page, 'errors-06-signed-out-idle');

    await pressButton(page, 'Sign in');
    await signInAtDevIdp(page);
    await page.waitForURL(/\/v2\/underwriting-qi$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Underwriting Qi' }));
  });
});
