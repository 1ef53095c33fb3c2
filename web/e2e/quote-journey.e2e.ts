import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { eventually, launchBrowser, screenshot, visible, type Browser } from './browser';
import { addClient, addCover, download, pick, signInAtDevIdp } from './steps';

const baseUrl = inject('baseUrl');
const TOTAL = /^£[\d,]+\.\d{2} a month$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await browser.close();
});

describe('quote journey', () => {
  it('quotes two clients and a child, shares out a payout, and downloads the quote PDF that matches the page', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/v2/`);
    await signInAtDevIdp(page);
    await page.waitForURL(/\/v2\/dashboard$/);
    await page.getByRole('button', { name: 'Create a new application' }).click();
    await page.waitForURL(/\/v2\/application\/\d+\/client-details$/);
    const applicationId = /\/application\/(\d+)\//.exec(page.url())?.[1] ?? '';
    expect(applicationId).not.toBe('');

    // Client details: two clients and their daughter.
    await addClient(page, { region: 'Client 1', title: 'Mr', firstName: 'Alan', lastName: 'Turing', gender: 'Male', dateOfBirth: '23/06/1985' });
    await page.getByRole('button', { name: /Add a client/ }).click();
    await addClient(page, { region: 'Client 2', title: 'Miss', firstName: 'Ada', lastName: 'Lovelace', gender: 'Female', dateOfBirth: '10/12/1988' });

    const children = page.getByRole('region', { name: 'Children' });
    await children.getByRole('button', { name: 'Add a child' }).click();
    const childForm = children.getByRole('region', { name: 'Add a child' });
    await childForm.getByLabel('First name').fill('Grace');
    await childForm.getByLabel('Surname').fill('Turing');
    await childForm.getByLabel('Date of birth').fill('14/03/2016');
    await childForm.getByLabel('Date of birth').press('Enter');
    await childForm.getByRole('button', { name: 'Add child' }).click();
    const grace = children.getByRole('listitem', { name: 'Grace Turing' });
    await visible(grace);
    expect(await grace.textContent()).toContain('Born 14/03/2016');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'quote-01-client-details-with-child');

    await page.getByRole('button', { name: /Continue to quote/ }).click();
    await page.waitForURL(/\/quote$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Quote' }));

    // Covers: life and critical illness for Alan, then children's cover beside them; income protection for Ada.
    await addCover(page, 'Alan Turing', 'Life Protection', async (drawer) => {
      await pick(page, drawer, 'Structure', 'Level');
      await drawer.getByLabel('Cover amount').fill('250000');
      await drawer.getByLabel('Term (years)').fill('25');
    });
    await addCover(page, 'Alan Turing', 'Critical Illness', async (drawer) => {
      await pick(page, drawer, 'Structure', 'Level');
      await drawer.getByLabel('Cover amount').fill('50000');
      await drawer.getByLabel('Term (years)').fill('25');
    });
    await addCover(page, 'Alan Turing', "Children's Critical Illness", async (drawer) => {
      await drawer.getByLabel('Cover amount').fill('20000');
    });
    await addCover(page, 'Ada Lovelace', 'Income Protection', async (drawer) => {
      await pick(page, drawer, 'Structure', 'Level');
      await drawer.getByLabel('Monthly benefit').fill('2000');
      await drawer.getByRole('radio', { name: 'To an age' }).check();
      await drawer.getByLabel('Cover to age').fill('65');
      await pick(page, drawer, 'Deferred period', '13 weeks');
      await drawer.getByRole('radio', { name: 'Full-term' }).check();
    });

    // Every client has cover, so the quote is priced.
    const summary = page.getByRole('complementary', { name: 'Total a month' });
    const total = summary.getByText(TOTAL).first();
    await visible(total);
    const totalText = (await total.textContent()) ?? '';
    const totalMoney = totalText.replace(/ a month$/, '');
    expect(totalMoney).toMatch(/^£[\d,]+\.\d{2}$/);

    // The payout planner on Alan's life cover: 60% to Grace, the rest to a friend of the family.
    const life = page.getByRole('region', { name: 'Alan Turing' }).getByRole('listitem', { name: 'Life Protection' });
    const planner = life.getByRole('group', { name: 'Payout planner for Life Protection' });
    await planner.getByRole('switch', { name: 'Use the payout planner' }).click();
    await visible(planner.getByText('Add at least one beneficiary to use the payout planner'));
    await pick(page, planner, 'Beneficiary', 'Grace Turing');
    await planner.getByLabel('Share', { exact: true }).fill('60');
    await planner.getByRole('button', { name: 'Add share' }).click();
    await visible(planner.getByRole('status').getByText('Total 60%'));
    await eventually(async () => {
      expect(await planner.getByLabel('Share', { exact: true }).inputValue()).toBe('40');
    });
    await screenshot(page, 'quote-02-payout-plan-under-way');
    // Someone outside the application: added as a beneficiary, who is then chosen for the rest.
    await planner.getByRole('button', { name: 'Add a beneficiary' }).click();
    const beneficiary = planner.getByRole('group', { name: 'Add a beneficiary' });
    await beneficiary.getByLabel('First name').fill('Charles');
    await beneficiary.getByLabel('Last name').fill('Babbage');
    await beneficiary.getByLabel('Relationship to the client').fill('Friend');
    await beneficiary.getByRole('button', { name: 'Add beneficiary' }).click();
    await beneficiary.waitFor({ state: 'detached' });
    await visible(planner.getByTitle('Charles Babbage'));
    await planner.getByRole('button', { name: 'Add share' }).click();
    await visible(planner.getByRole('status').getByText('Total 100%'));
    await visible(planner.getByText('The shares add up to 100%'));
    const shares = planner.getByRole('list', { name: 'Payout shares for Life Protection' });
    expect(await shares.getByRole('listitem', { name: 'Charles Babbage' }).textContent()).toContain('40%');
    // Income protection and children's cover have no payout to plan.
    const ip = page.getByRole('region', { name: 'Ada Lovelace' }).getByRole('listitem', { name: 'Income Protection' });
    expect(await ip.getByRole('switch').count()).toBe(0);

    expect(await total.textContent()).toBe(totalText);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'quote-03-priced-with-payout-plan');

    // The quote PDF: named by the server, with both clients and the total a month shown on the page.
    const documents = page.getByRole('region', { name: 'Documents' });
    const quote = await download(page, documents.getByRole('button', { name: 'Download quote (PDF)' }));
    expect(quote.fileName).toMatch(new RegExp(`^Quote-${applicationId}-\\d{8}\\.pdf$`));
    expect(quote.text).toContain('Alan Turing');
    expect(quote.text).toContain('Ada Lovelace');
    expect(quote.text).toMatch(new RegExp(`Total a month\\s+${escapeRegExp(totalMoney)}`));

    const keyFacts = await download(page, documents.getByRole('button', { name: 'Key facts' }));
    expect(keyFacts.fileName).toBe(`Key-facts-${applicationId}.pdf`);
    expect(keyFacts.text).toContain('Key facts');
  });
});
