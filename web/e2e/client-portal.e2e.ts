/**
 * The client portal through the real stack (issue 35): a client whose adviser has put her policy
 * in force registers from the portal landing page (the development identity provider's sign-up
 * page, §5's password rules), confirms her details, sees her case in plain words and her policy,
 * and downloads its schedule; then signs out and back in with Login. Every page is photographed
 * and checked by axe, the landing page is driven from the keyboard, and the home and policy pages
 * are checked at a phone's 375 px.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot, visible, type Browser } from './browser';
import { download } from './steps';
import { policyInForce, questionsSentTo } from './cases';
import { reportAccessibility } from './axe';

const baseUrl = inject('baseUrl');

const PASSWORD = 'Str0ng&Secret';

/**
 * Signing up and signing in derive the password with PBKDF2 (600,000 rounds), which takes a few
 * seconds in the unoptimised build the tests run, more on a busy machine.
 */
const KDF_TIMEOUT_MS = 60_000;

/** Whether the page is no wider than the window: nothing to scroll sideways on a phone. */
async function fitsTheWindow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await browser.close();
});

describe('the client portal', () => {
  it('registers a client from the landing page, confirms her details, shows her policy in force and downloads its schedule', async () => {
    const email = `grace.${String(Date.now())}@example.com`;
    const { policyNumber } = await policyInForce(email);
    expect(policyNumber).toMatch(/^PP\d{10}$/);
    const { page } = browser;

    // The landing page needs no sign-in: Login and Register, reached from the keyboard.
    await page.goto(`${baseUrl}/v2/portal`);
    await visible(page.getByRole('heading', { level: 1, name: 'Your protection policy, online' }));
    await visible(page.getByRole('button', { name: 'Login' }));
    await screenshot(page, 'client-portal-01-landing');
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await fitsTheWindow(page)).toBe(true);
    await screenshot(page, 'client-portal-01-landing-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    const register = page.getByRole('button', { name: 'Register' });
    await register.focus();
    await page.keyboard.press('Enter');

    // The development identity provider's sign-up page: §5's rules, checked by the server.
    await page.waitForURL(/\/dev-idp\/authorize/);
    await visible(page.getByRole('heading', { level: 1, name: 'Create your account' }));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('password');
    await page.getByLabel('Confirm password').fill('password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible(page.getByText('Password must include an upper-case letter, a number and a special character'));
    await screenshot(page, 'client-portal-02-sign-up-rules');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Back in the portal, signed in: confirm the details.
    await page.waitForURL(/\/v2\/portal\/confirm-details$/, { timeout: KDF_TIMEOUT_MS });
    await visible(page.getByRole('heading', { level: 1, name: 'Confirm your details' }));
    await screenshot(page, 'client-portal-03-confirm');
    const born = page.getByLabel('Date of birth');
    await born.fill('10/12/1976');
    await born.press('Enter');
    await page.getByLabel('Policy number or application reference').fill(policyNumber);
    await page.getByRole('button', { name: 'Confirm' }).click();
    // A day out: the same refusal whatever is wrong, and nothing linked.
    await visible(page.getByRole('alert').filter({ hasText: 'We could not match these details' }));
    await screenshot(page, 'client-portal-04-no-match');
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await fitsTheWindow(page)).toBe(true);
    await screenshot(page, 'client-portal-04-no-match-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await born.fill('09/12/1976');
    await born.press('Enter');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await visible(page.getByRole('heading', { name: /your case is now in your account/ }));
    await screenshot(page, 'client-portal-05-confirmed');
    await page.getByRole('button', { name: 'Go to my home' }).click();

    // Her home: her case in plain words, her adviser, her policy. No adviser menu.
    await page.waitForURL(/\/v2\/portal\/home$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Hello, Grace Hopper' }));
    await visible(page.getByText('Your policy is in force: you are covered.'));
    await visible(page.getByText('Priya Shah, Northfield Financial Planning'));
    await visible(page.getByText('Nothing is waiting for you.'));
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    // The shell speaks to clients: Client Portal, the clients' help line (product/portal.json
    // clientHelp), not the adviser support line, and no web chat.
    await visible(page.getByRole('banner').getByRole('link', { name: 'Protection Life Client Portal' }));
    const footer = page.getByRole('contentinfo');
    await visible(footer.getByRole('link', { name: '0808 157 0193' }));
    await visible(footer.getByRole('link', { name: 'client.help@example.com' }));
    expect(await footer.getByRole('link', { name: 'adviser.support@example.com' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Web chat/ }).count()).toBe(0);
    await screenshot(page, 'client-portal-06-home');
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await fitsTheWindow(page)).toBe(true);
    await screenshot(page, 'client-portal-07-home-375');

    // Her policy, and its schedule downloaded.
    await page.getByRole('link', { name: `View policy ${policyNumber}` }).click();
    await page.waitForURL(new RegExp(`/v2/portal/policies/${policyNumber}$`));
    await visible(page.getByRole('heading', { level: 1, name: 'Grace Hopper' }));
    await visible(page.getByRole('region', { name: 'What you are covered for' }).getByText('Life Protection'));
    const schedule = page.getByRole('button', { name: 'Download Policy schedule (PDF)' });
    await visible(schedule);
    expect(await page.getByRole('button', { name: /Underwriting decision/ }).count()).toBe(1);
    expect(await fitsTheWindow(page)).toBe(true);
    await screenshot(page, 'client-portal-08-policy-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    const file = await download(page, schedule);
    expect(file.fileName).toMatch(/\.pdf$/);
    expect(file.text).toContain(policyNumber);
    expect(file.text).toContain('Grace Hopper');
    await screenshot(page, 'client-portal-09-policy');

    // Issue 50: her adviser starts a new application for her (same email, same date of birth)
    // and sends its health questions. At phone size her home lists them as a thing to do, the
    // new case's progress says they wait for her, and nothing says nothing is waiting.
    const second = await questionsSentTo(email);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${baseUrl}/v2/portal/home`);
    const things = page.getByRole('region', { name: 'Things to do' });
    const answer = things.getByRole('link', { name: 'Answer your health questions' });
    await visible(answer);
    await visible(things.getByText(new RegExp(`questions for application ${String(second)}`)));
    expect(await page.getByText('Nothing is waiting for you.').count()).toBe(0);
    await visible(page.getByText(/your health and lifestyle questions are waiting for you to answer them here/));
    expect(await fitsTheWindow(page)).toBe(true);
    await reportAccessibility(page, 'client home with questions');
    await screenshot(page, 'client-portal-09b-home-questions-375');
    await answer.click();
    await page.waitForURL(/\/v2\/portal\/health-questions\//);
    await visible(page.getByRole('heading', { level: 1 }));
    await screenshot(page, 'client-portal-09c-questions-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Signed out, she is back on the client portal's landing page (not the adviser login), told
    // so, signs in again with Login and lands on her home.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/v2\/portal(\?.*)?$/);
    await visible(page.getByRole('status').filter({ hasText: 'You have signed out' }));
    await visible(page.getByRole('banner').getByRole('link', { name: 'Protection Life Client Portal' }));
    await visible(page.getByRole('contentinfo').getByRole('link', { name: '0808 157 0193' }));
    await screenshot(page, 'client-portal-10-signed-out');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dev-idp\/authorize/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/v2\/portal\/home$/, { timeout: KDF_TIMEOUT_MS });
    await visible(page.getByRole('link', { name: `View policy ${policyNumber}` }));
  });
});
