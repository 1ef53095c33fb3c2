import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { eventually, launchBrowser, screenshot, visible, type Browser } from './browser';
import { pickTitle, signInAtDevIdp } from './steps';

const baseUrl = inject('baseUrl');
const AGE_MESSAGE = 'To qualify, the client must be between 18 and 64.';

function ageOn(today: Date, year: number, month: number, day: number): number {
  const hadBirthday = today.getMonth() + 1 > month || (today.getMonth() + 1 === month && today.getDate() >= day);
  return today.getFullYear() - year - (hadBirthday ? 0 : 1);
}

function ukDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${String(date.getFullYear())}`;
}

let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await browser.close();
});

describe('adviser journey', () => {
  it('signs in, creates an application, adds a client, is told when a second is too young, and finds it on the dashboard', async () => {
    const { page } = browser;

    await page.goto(`${baseUrl}/v2/`);
    await signInAtDevIdp(page, '01-sign-in');

    await page.waitForURL(/\/v2\/dashboard$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
    await visible(page.getByRole('tab', { name: 'In Progress' }));
    await screenshot(page, '02-dashboard');

    await page.getByRole('button', { name: 'Create a new application' }).click();
    await page.waitForURL(/\/v2\/application\/\d+\/client-details$/);
    const applicationId = /\/application\/(\d+)\//.exec(page.url())?.[1] ?? '';
    expect(applicationId).not.toBe('');
    const client1 = page.getByRole('region', { name: 'Client 1' });
    await visible(client1);
    await screenshot(page, '03-new-application');

    await pickTitle(page, client1, 'Mr');
    await client1.getByLabel('First name').fill('Alan');
    await client1.getByLabel('Last name').fill('Turing');
    await client1.getByRole('radio', { name: 'Male', exact: true }).check();
    await client1.getByLabel('Date of birth').fill('23/06/1980');
    await client1.getByLabel('Date of birth').press('Enter');
    await client1.getByRole('radio', { name: 'None in 5 years' }).check();
    await screenshot(page, '04-client-1-filled');
    await client1.getByRole('button', { name: 'Add client' }).click();

    const expectedAge = ageOn(new Date(), 1980, 6, 23);
    await visible(client1.getByText(`Age ${String(expectedAge)}`));
    expect(await client1.getByLabel('First name').inputValue()).toBe('Alan');
    await screenshot(page, '05-client-1-added');

    await page.getByRole('button', { name: /Add a client/ }).click();
    const client2 = page.getByRole('region', { name: 'Client 2' });
    await visible(client2);
    const tenYearsAgo = new Date();
    tenYearsAgo.setFullYear(tenYearsAgo.getFullYear() - 10);
    await pickTitle(page, client2, 'Miss');
    await client2.getByLabel('First name').fill('Ada');
    await client2.getByLabel('Last name').fill('Lovelace');
    await client2.getByRole('radio', { name: 'Female', exact: true }).check();
    await client2.getByLabel('Date of birth').fill(ukDate(tenYearsAgo));
    await client2.getByLabel('Date of birth').press('Enter');
    await client2.getByRole('radio', { name: 'None in 5 years' }).check();
    await client2.getByRole('button', { name: 'Add client' }).click();

    const dateOfBirthItem = client2.locator('.ant-form-item').filter({ has: page.getByLabel('Date of birth') });
    await visible(dateOfBirthItem.getByText(AGE_MESSAGE));
    await screenshot(page, '06-client-2-too-young');

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(/\/v2\/dashboard$/);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Open application ${applicationId}` }) });
    // The list may show its cached page first and refresh a moment later.
    await eventually(async () => {
      expect(await row.textContent()).toContain('Turing');
    });
    await screenshot(page, '07-dashboard-with-application');

    const searched = page.waitForResponse((response) => response.url().includes('searchTerm=Turing') && response.ok());
    await page.getByRole('searchbox', { name: 'Search by client name or reference' }).fill('Turing');
    await searched;
    const rows = page.locator('.data-table tbody tr');
    await eventually(async () => {
      const texts = await rows.allTextContents();
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) expect(text).toContain('Turing');
    });
    expect(await row.count()).toBe(1);
    await screenshot(page, '08-search-by-surname');
  });

  it('renews the access token silently with the refresh token when it is about to expire', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/v2/dashboard`);
    await signInAtDevIdp(page);
    await page.waitForURL(/\/v2\/dashboard$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));

    // Make the stored token look as if it expires in 30 s: renewal is due (it starts 60 s before expiry).
    const before = await page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
      if (!key) throw new Error('no signed-in user in sessionStorage');
      const user = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token: string; expires_at: number };
      user.expires_at = Math.floor(Date.now() / 1000) + 30;
      sessionStorage.setItem(key, JSON.stringify(user));
      return user.access_token;
    });
    await page.reload();

    await eventually(async () => {
      const after = await page.evaluate(() => {
        const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:')) ?? '';
        return JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string; expires_at?: number };
      });
      expect(after.access_token).toBeDefined();
      expect(after.access_token).not.toBe(before);
      expect(after.expires_at ?? 0).toBeGreaterThan(Date.now() / 1000 + 120);
    }, 20_000);
    expect(page.url()).toMatch(/\/v2\/dashboard$/);
    await visible(page.getByText('Welcome back,'));
  });

  it('signs in again when the API rejects the token', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/v2/dashboard/policyholders`);
    await signInAtDevIdp(page);
    await page.waitForURL(/\/v2\/dashboard\/policyholders$/);

    await page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
      if (!key) throw new Error('no signed-in user in sessionStorage');
      const user = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token: string };
      user.access_token = 'not-a-valid-token';
      sessionStorage.setItem(key, JSON.stringify(user));
    });
    // The SPA leaves for the identity provider as soon as the API answers 401, which can be before
    // the reloaded page's load event: wait only for the reload to commit.
    await page.reload({ waitUntil: 'commit' });

    // 401 from the API -> back to the identity provider, then back to the same route.
    await signInAtDevIdp(page);
    await page.waitForURL(/\/v2\/dashboard\/policyholders$/);
    // The policy search answered with the new token: its count, or the empty list when no policy is in force yet.
    await visible(page.getByText(/^(\d+ policyholders?|Policyholders will appear here once a policy is in force\.)$/));
  });

  it('signing out lands on the login landing page, whose Sign in goes to the sign-in page', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/v2/dashboard`);
    await signInAtDevIdp(page);
    await page.waitForURL(/\/v2\/dashboard$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));

    await page.getByRole('button', { name: 'Sign out' }).click();

    await page.waitForURL(/\/v2\/login$/);
    await visible(page.getByText('You have signed out'));
    await screenshot(page, '09-signed-out');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dev-idp\/authorize/);
    await visible(page.getByLabel('Email'));
  });
});
