/**
 * The quote's half-built corners through the real stack (issue 34, docs/decisions.md HB1-HB3):
 * unlocking an applied quote, a restricted cover flagged with its 412 and holding the price back,
 * and increasing a cover at the decision, which is then priced again. Each page is photographed
 * and checked by axe; the unlock and the upsell are driven from the keyboard.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot, visible, eventually, type Browser } from './browser';
import { appliedCase, PLAIN } from './cases';
import { apiCall, signInAtDevIdp } from './steps';

const baseUrl = inject('baseUrl');

/** Alan Turing, the client of the cases here; his date of birth is each test's. */
const ALAN = { title: 'Mr', firstName: 'Alan', lastName: 'Turing', gender: 'male', email: 'alan@example.com' } as const;

/** A date of birth `age` years and a month ago, as the API takes it. */
function bornYearsAgo(age: number): string {
  const day = new Date();
  day.setUTCFullYear(day.getUTCFullYear() - age);
  day.setUTCMonth(day.getUTCMonth() - 1);
  return day.toISOString().slice(0, 10);
}

async function signIn(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl}/v2${path}`);
  await signInAtDevIdp(page);
  await page.waitForURL(new RegExp(`/v2${path}$`));
}

let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await browser.close();
});

describe('the quote’s corners', () => {
  it('unlocks an applied quote from the keyboard, then flags a restricted cover with its message and holds the price back', async () => {
    // Aged 56: critical illness above £300,000 is restricted cover (the catalogue's sample band).
    const { token, id } = await appliedCase({ ...ALAN, dateOfBirth: bornYearsAgo(56) }, { productType: 'ci', coverType: 'level', coverAmount: 250000, term: 10 });
    const { page } = browser;
    await signIn(page, `/application/${String(id)}/quote`);

    await visible(page.getByText('This quote can no longer be changed, so its covers are shown read-only.'));
    const unlock = page.getByRole('button', { name: 'Unlock quote editing' });
    await visible(unlock);
    expect(await page.getByRole('button', { name: 'Add cover for Alan Turing' }).count()).toBe(0);
    await screenshot(page, 'quote-corners-01-locked');

    await unlock.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('button', { name: 'Yes, unlock' });
    await visible(page.getByText(/Any change to the clients or covers withdraws the price/));
    await screenshot(page, 'quote-corners-02-unlock-confirm');
    await confirm.focus();
    await page.keyboard.press('Enter');
    await visible(page.getByRole('button', { name: 'Add cover for Alan Turing' }));
    expect(await unlock.count()).toBe(0);

    // The amount raised above the band: the cover is kept, tagged, with what to do.
    const card = page.getByRole('region', { name: 'Alan Turing' });
    const ci = card.getByRole('listitem', { name: /Critical Illness/ });
    await ci.getByRole('button', { name: 'Edit Critical Illness' }).click();
    const drawer = page.getByRole('dialog', { name: /Edit Critical Illness/ });
    await visible(drawer);
    await drawer.getByLabel('Cover amount').fill('400000');
    await drawer.getByRole('button', { name: 'Save cover' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await visible(ci.getByText('Restricted cover'));
    await visible(ci.getByText(/Reduce the cover amount to £300,000 or less to quote and apply here/));
    await visible(page.getByText('Correct the problems shown under the covers to see the price.'));
    expect(await page.getByRole('button', { name: 'Price the quote' }).count()).toBe(0);
    const application = await apiCall(token, 'GET', `application/${String(id)}`);
    expect(application.isRestrictedCover).toBe(true);
    await screenshot(page, 'quote-corners-03-restricted-cover');
  });

  it('increases a cover at the decision from the keyboard, within its bounds, and the decision is priced again', async () => {
    const { token, id, applicant: client } = await appliedCase({ ...ALAN, dateOfBirth: '1985-06-23' });
    await apiCall(token, 'POST', `underwriting/${client}/start`, { answers: [{ tag: 'ENQUIRY_TYPE', value: 'Full' }] });
    await apiCall(token, 'POST', `actions/provideanswers/${client}`, { answers: PLAIN.map(([tag, value]) => ({ tag, value })) });
    await apiCall(token, 'POST', 'actions/acceptuwdeclaration', { applicationId: id, applicantId: client });
    await apiCall(token, 'POST', `underwriting/${client}/close`);
    await eventually(async () => {
      const application = await apiCall(token, 'GET', `application/${String(id)}`);
      expect(application.status).toBe('DECISION');
    }, 20_000);
    const priced = await apiCall(token, 'POST', `actions/TriggerDecisionQuote/${String(id)}`);
    const before = (priced.decisionQuote as { premium: number }).premium;

    const { page } = browser;
    await signIn(page, `/application/${String(id)}/quote`);
    const increase = page.getByRole('button', { name: 'Increase cover: Life Protection' });
    await visible(increase);
    await increase.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Increase Life Protection' });
    await visible(dialog);
    await visible(dialog.getByText('Between £150,001 and £10,000,000'));
    // Focus moves into the amount box as the dialog opens.
    const amount = dialog.getByLabel('New cover amount');
    await eventually(async () => {
      expect(await amount.evaluate((element) => element === document.activeElement)).toBe(true);
    });
    await page.keyboard.type('200000');
    await screenshot(page, 'quote-corners-04-increase-cover');
    await page.keyboard.press('Enter');

    await page.waitForURL(new RegExp(`/application/${String(id)}/decision$`));
    await visible(page.getByRole('heading', { level: 1, name: 'Decision' }));
    await visible(page.getByText('Life Protection · Level · £200,000 · 20 years').first(), 20_000);
    await eventually(async () => {
      const application = await apiCall(token, 'GET', `application/${String(id)}`);
      expect(application.isDecisionValid).toBe(true);
      expect((application.decisionQuote as { premium: number }).premium).toBeGreaterThan(before);
    }, 20_000);
    await visible(page.getByRole('region', { name: 'Price on these terms' }).getByText(/^Total monthly premium: £/));
    await screenshot(page, 'quote-corners-05-decision-priced-again');
  });
});
