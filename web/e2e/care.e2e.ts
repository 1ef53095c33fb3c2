/**
 * Customer care against the real stack (issue 35): a customer care administrator hides an
 * adviser's New quote button and lets an assistant act for another adviser, in the browser; the
 * adviser's and the assistant's next pages show it. Each care page is checked by axe as
 * photographed and fits a 375 px screen. Every change made here is undone at the end, so the
 * other browser tests meet the seeded advisers as they were.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { reportAccessibility } from './axe';
import { launchBrowser, screenshot, visible, type Browser } from './browser';
import { apiCall, signInAtDevIdp, tokenFor } from './steps';
import { policyInForce } from './cases';

const baseUrl = inject('baseUrl');
const ADMIN = { email: 'ccaadmin1@example.com', password: 'Passw0rd!' };

let browsers: Browser[] = [];

beforeEach(() => {
  browsers = [];
});

afterEach(async () => {
  for (const browser of browsers) await browser.close();
});

async function signedIn(user: { email: string; password: string }, landing: RegExp): Promise<Page> {
  const browser = await launchBrowser();
  browsers.push(browser);
  const { page } = browser;
  await page.goto(`${baseUrl}/v2/`);
  await signInAtDevIdp(page, undefined, user);
  await page.waitForURL(landing);
  return page;
}

/** Today as the date boxes take it (DD/MM/YYYY), in UK time. */
function todayTyped(): string {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date()).split('-');
  return `${day}/${month}/${year}`;
}

async function fitsWidth(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await screenshot(page, `${name}-375`);
  expect(overflow, `${name} fits 375 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function openAdviser(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Advisers' }).click();
  await visible(page.getByRole('heading', { level: 1, name: 'Advisers' }));
  await page.getByLabel('Name or email').fill(name.split(' ')[0] ?? name);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name }).click();
  await visible(page.getByRole('heading', { level: 1, name }));
}

describe('customer care administrators manage advisers', () => {
  it('hides an adviser’s New quote button, and the adviser’s next page has none', async () => {
    const admin = await signedIn(ADMIN, /\/v2\/customer-care$/);
    await visible(admin.getByRole('heading', { level: 1, name: 'Customer care' }));
    await reportAccessibility(admin, 'care home');
    await screenshot(admin, 'care-01-home');

    const adviser = await signedIn({ email: 'adviser3@example.com', password: 'Passw0rd!' }, /\/v2\/dashboard$/);
    await visible(adviser.getByRole('button', { name: 'Create a new application' }));

    await openAdviser(admin, 'Grace O\'Neill');
    const button = admin.getByRole('checkbox', { name: 'Show the New quote button' });
    expect(await button.isChecked()).toBe(true);
    await button.uncheck();
    await admin.getByRole('button', { name: 'Save flags' }).click();
    await visible(admin.getByRole('region', { name: 'Flags' }).getByText('Saved.'));
    const history = admin.getByRole('region', { name: 'History' });
    await visible(history.getByText('Omar Haddad'));
    await visible(history.getByText('Show the New quote button: false'));
    await reportAccessibility(admin, 'care adviser');
    await screenshot(admin, 'care-02-adviser-flags');
    await fitsWidth(admin, 'care-02-adviser');

    // The adviser's next page: no button.
    await adviser.reload();
    await visible(adviser.getByRole('heading', { level: 1, name: 'Dashboard' }));
    await adviser.waitForLoadState('networkidle');
    expect(await adviser.getByRole('button', { name: 'Create a new application' }).count()).toBe(0);
    await screenshot(adviser, 'care-03-adviser-without-new-quote');

    // Put it back for the other tests.
    await button.check();
    await admin.getByRole('button', { name: 'Save flags' }).click();
    await visible(history.getByText('Show the New quote button: true'));
  });

  it('lets an assistant act for another adviser from the next page, until the delegation is ended', async () => {
    const admin = await signedIn(ADMIN, /\/v2\/customer-care$/);
    const assistant = await signedIn({ email: 'assistant1@example.com', password: 'Passw0rd!' }, /\/v2\/dashboard$/);
    const actingFor = assistant.getByRole('combobox', { name: 'Acting for' });
    await visible(actingFor);
    expect(await actingFor.locator('option').allInnerTexts()).not.toContain('Tom Fletcher');

    await openAdviser(admin, 'Tom Fletcher');
    const delegations = admin.getByRole('region', { name: 'Delegations' });
    await delegations.getByLabel('Who may act (same firm)').click();
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Ben Carter"]').click();
    const from = delegations.getByLabel('From (DD/MM/YYYY)');
    await from.fill(todayTyped());
    await from.press('Enter');
    await from.press('Escape');
    const until = delegations.getByLabel('Until (DD/MM/YYYY, optional)');
    await until.fill(todayTyped());
    await until.press('Enter');
    await until.press('Escape');
    await delegations.getByRole('button', { name: 'Add delegation' }).click();
    await visible(delegations.getByText('In force today'));
    await visible(admin.getByRole('region', { name: 'History' }).getByText('Delegation added'));
    await reportAccessibility(admin, 'care adviser delegation');
    await screenshot(admin, 'care-04-delegation-added');

    // The assistant's next page offers Tom Fletcher's cases.
    await assistant.reload();
    await visible(actingFor);
    await expect.poll(async () => actingFor.locator('option').allInnerTexts()).toContain('Tom Fletcher');
    await screenshot(assistant, 'care-05-assistant-acting-for');

    // Ended: gone from the next page.
    await delegations.getByRole('button', { name: 'End Ben Carter acting for Tom Fletcher' }).click();
    await visible(delegations.getByText(/^Ended on /));
    await assistant.reload();
    await visible(actingFor);
    expect(await actingFor.locator('option').allInnerTexts()).not.toContain('Tom Fletcher');
  });

  it('shows a case’s health answers only when asked, records the read, and its pages are clean and fit a phone', async () => {
    const id = await caseWithInterview();
    const agent = await signedIn({ email: 'cca1@example.com', password: 'Passw0rd!' }, /\/v2\/customer-care$/);
    await agent.getByLabel('Client name or reference').fill(String(id));
    await agent.getByRole('button', { name: 'Search' }).click();
    await visible(agent.getByRole('link', { name: String(id) }));
    // The same term over policies: the case is applied for, not issued, so it has none yet.
    await agent.getByRole('tab', { name: 'Policies' }).click();
    await visible(agent.getByText('No policies match.'));
    // Nothing to page through: no pager under the empty list.
    expect(await agent.getByRole('navigation', { name: /^Pages of/ }).count()).toBe(0);
    await reportAccessibility(agent, 'care policy search');
    await screenshot(agent, 'care-05b-policy-search');
    await fitsWidth(agent, 'care-05b-policy-search');
    await agent.getByRole('tab', { name: 'Applications' }).click();
    await agent.getByRole('link', { name: String(id) }).click();
    await visible(agent.getByRole('heading', { level: 1, name: `Application ${String(id)}` }));
    await visible(agent.getByText(/Each time you show a client’s answers it is recorded/));
    expect(await agent.getByRole('region', { name: 'Health answers of Alan Turing' }).count()).toBe(0);
    await reportAccessibility(agent, 'care case');
    await screenshot(agent, 'care-06-case');
    await agent.getByRole('button', { name: 'Show health answers for Alan Turing' }).click();
    const answers = agent.getByRole('region', { name: 'Health answers of Alan Turing' });
    await visible(answers);
    await reportAccessibility(agent, 'care case answers');
    await screenshot(agent, 'care-06b-case-answers');
    await fitsWidth(agent, 'care-06-case');

    const admin = await signedIn(ADMIN, /\/v2\/customer-care$/);
    // The administrator follows the case's link to the Data reads list, filtered by the case.
    await admin.goto(`${baseUrl}/v2/customer-care/cases/${String(id)}`);
    await admin.getByRole('link', { name: /See who has read this case’s health answers/ }).click();
    await visible(admin.getByRole('heading', { level: 1, name: 'Data reads' }));
    expect(new URL(admin.url()).searchParams.get('applicationId')).toBe(String(id));
    expect(await admin.getByLabel('Case reference').inputValue()).toBe(String(id));
    const row = admin.getByRole('row').filter({ hasText: 'Chloe Adams' }).filter({ hasText: 'Health answers' });
    await visible(row);
    expect(await row.innerText()).toContain('Customer care');
    expect(await row.innerText()).toContain(String(id));
    await reportAccessibility(admin, 'care data reads of a case');
    await screenshot(admin, 'care-08-data-reads-of-case');
    await fitsWidth(admin, 'care-08-data-reads-of-case');

    await admin.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Firm locations' }).click();
    await visible(admin.getByRole('heading', { level: 1, name: 'Firm locations' }));
    await admin.waitForLoadState('networkidle');
    await reportAccessibility(admin, 'care firms');
    await screenshot(admin, 'care-07-firms');
    await fitsWidth(admin, 'care-07-firms');
  });
});

describe('customer care answers a caller about a policy in force (issue 50)', () => {
  it('finds the case under Applications by reference and by name, and reads its policy number, status, cover and premium', async () => {
    const { id, policyNumber } = await policyInForce(`grace.${String(Date.now())}@example.com`);
    const agent = await signedIn({ email: 'cca1@example.com', password: 'Passw0rd!' }, /\/v2\/customer-care$/);
    const search = async (term: string) => {
      await agent.getByLabel('Client name or reference').fill(term);
      await agent.getByRole('button', { name: 'Search' }).click();
    };
    await search(String(id));
    const row = agent.getByRole('row').filter({ has: agent.getByRole('link', { name: String(id) }) });
    await visible(row);
    expect(await row.innerText()).toContain('Went on risk');
    await search('Grace Hopper');
    await visible(agent.getByRole('link', { name: String(id) }));
    await reportAccessibility(agent, 'care search finds a case in force');
    await screenshot(agent, 'care-09-case-in-force-found');

    await agent.getByRole('link', { name: String(id) }).click();
    const cover = agent.getByRole('region', { name: 'Cover and premium' });
    await visible(cover);
    const policies = cover.getByRole('list', { name: 'Policies' });
    await visible(policies.getByText(policyNumber));
    await visible(policies.getByText('In force'));
    await visible(cover.getByRole('region', { name: 'Covers for Grace Hopper' }).getByText('Life Protection'));
    await visible(cover.getByText(/^Total a month on the decision’s terms/));
    await reportAccessibility(agent, 'care case in force');
    await screenshot(agent, 'care-10-case-in-force');
    await fitsWidth(agent, 'care-10-case-in-force');
  });
});

/** Alan Turing's application, applied for, with his underwriting interview started (answers on record). */
async function caseWithInterview(): Promise<number> {
  const token = await tokenFor('adviser1@example.com');
  const created = await apiCall(token, 'POST', 'backendforfrontend/application/create');
  const id = created.id as number;
  const added = await apiCall(token, 'POST', `backendforfrontend/application/${String(id)}/AddApplicant`, {
    applicationId: id,
    applicant: { title: 'Mr', firstName: 'Alan', lastName: 'Turing', gender: 'male', dateOfBirth: '1985-06-23', smoking: 'noneInFiveYears' },
  });
  const alan = (added.applicants as { id: string }[])[0]?.id ?? '';
  await apiCall(token, 'POST', 'actions/MutateCovers/add', { applicationId: id, applicantId: alan, cover: { productType: 'life', coverType: 'level', coverAmount: 200000, term: 25 } });
  await apiCall(token, 'PATCH', 'backendforfrontend/applicant/contact', {
    applicantId: alan, address1: '1 Station Road', cityName: 'Leeds', postcode: 'LS1 4AP', phoneNumber: '0113 496 0000', emailAddress: 'alan@example.com',
  });
  await apiCall(token, 'GET', `backendforfrontend/application/${String(id)}/quotePrice`);
  await apiCall(token, 'POST', `application/${String(id)}/applicant/${alan}/acceptPreUnderwritingDeclaration`);
  await apiCall(token, 'POST', 'backendforfrontend/application/isMortgageRelated', { id, isMortgageRelated: false });
  await apiCall(token, 'POST', 'backendforfrontend/application/isAdvisedSale', { id, isAdvisedSale: true });
  await apiCall(token, 'POST', 'backendforfrontend/application/ApplyApplication', { applicationId: id });
  await apiCall(token, 'POST', `underwriting/${alan}/start`, { answers: [{ tag: 'ENQUIRY_TYPE', value: 'Full' }] });
  return id;
}
