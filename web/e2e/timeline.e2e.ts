/**
 * A case's change timeline in the browser (issue 36): the adviser adds a client and a cover on
 * the pages, and later answers two sections of the client's health questions on the page; the
 * steps between (contact details, declarations, applying) go through the API as the adviser.
 * The adviser's "Changes" panel then lists every change newest first, each with who made it in
 * what role ("Priya Shah (Adviser)") and the details it changed by name, health answers only
 * counted, never a value. Customer care opens the same case and, asking for its changes, sees the
 * very same list. Every page is photographed and checked by axe.
 */
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { eventually, launchBrowser, screenshot, visible, type Browser } from './browser';
import { tabTo } from './keyboard';
import { ADVISER, addClient, addCover, apiCall, pick, signInAtDevIdp, tokenFor } from './steps';

const baseUrl = inject('baseUrl');
const CCA = { email: 'cca1@example.com', password: 'Passw0rd!' };
const BY_THE_ADVISER = /By:\s*Priya Shah \(Adviser\)/;

/** What only the health answers given on the page hold, as stored and as shown. */
const ANSWER_VALUES = ['Software developer', '48,000', '48000', '1.93', '193 cm', '87 kg', 'metric', 'Metres', 'Kilograms'];

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

/** On the pages: a new case, Ada Byron added as its client and life cover added for her; answers the case's id. */
async function caseStartedOnThePage(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Create a new application' }).click();
  await page.waitForURL(/\/v2\/application\/\d+\/client-details$/);
  const id = Number(/\/application\/(\d+)\//.exec(page.url())?.[1]);
  await addClient(page, { region: 'Client 1', title: 'Ms', firstName: 'Ada', lastName: 'Byron', gender: 'Female', dateOfBirth: '10/04/1985' });
  await page.getByRole('button', { name: /Continue to quote/ }).click();
  await page.waitForURL(/\/quote$/);
  await addCover(page, 'Ada Byron', 'Life Protection', async (drawer) => {
    await pick(page, drawer, 'Structure', 'Level');
    await drawer.getByLabel('Cover amount').fill('150000');
    await drawer.getByLabel('Term (years)').fill('20');
  });
  await visible(page.getByRole('complementary', { name: 'Total a month' }).getByText(/^£[\d,]+\.\d{2} a month$/).first());
  return id;
}

/** Through the API, as the adviser: contact details, the declarations and applying, then Ada's interview started. */
async function appliedAndInterviewStarted(id: number): Promise<void> {
  const token = await tokenFor(ADVISER.email);
  const application = await apiCall(token, 'GET', `application/${String(id)}`);
  const ada = (application.applicants as { id: string }[])[0]?.id ?? '';
  await apiCall(token, 'PATCH', 'backendforfrontend/applicant/contact', {
    applicantId: ada, address1: '1 Station Road', cityName: 'Leeds', postcode: 'LS1 4AP', phoneNumber: '0113 496 0000', emailAddress: 'ada.byron@example.com',
  });
  await apiCall(token, 'POST', `application/${String(id)}/applicant/${ada}/acceptPreUnderwritingDeclaration`);
  await apiCall(token, 'POST', 'backendforfrontend/application/isMortgageRelated', { id, isMortgageRelated: false });
  await apiCall(token, 'POST', 'backendforfrontend/application/isAdvisedSale', { id, isAdvisedSale: true });
  await apiCall(token, 'POST', 'backendforfrontend/application/ApplyApplication', { applicationId: id });
  await apiCall(token, 'POST', `underwriting/${ada}/start`, { answers: [{ tag: 'ENQUIRY_TYPE', value: 'Full' }] });
}

async function choose(panel: Locator, question: string | RegExp, option: string): Promise<void> {
  const radio = panel.getByRole('radiogroup', { name: question }).getByRole('radio', { name: option, exact: true });
  await radio.click();
  await eventually(async () => expect(await radio.isChecked()).toBe(true));
}

async function type(panel: Locator, label: string, value: string): Promise<void> {
  const field = panel.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.blur();
}

/** On the interview page, About you and Occupation and earnings, with the mouse. */
async function twoSectionsAnswered(page: Page, id: number): Promise<void> {
  await page.goto(`${baseUrl}/v2/application/${String(id)}/application`);
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await sections.getByRole('button', { name: /^About you/ }).click();
  const panel = page.getByRole('tabpanel');
  await choose(panel, 'Height in', 'Metres');
  await type(panel, 'Height (m)', '1.93');
  await choose(panel, 'Weight in', 'Kilograms');
  await type(panel, 'Weight (kg)', '87');
  await sections.getByRole('button', { name: /^Occupation and earnings/ }).click();
  const occupation = panel.getByRole('combobox', { name: 'Main occupation' });
  await occupation.click();
  await occupation.fill('software');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Software developer' }).click();
  await type(panel, 'Gross earnings a year (£)', '48000');
  await choose(panel, /Does the work involve heights/, 'No');
  await page.getByText('Saving…').waitFor({ state: 'detached' });
  await eventually(async () => expect(await page.getByRole('button', { name: 'Continue', exact: true }).isEnabled()).toBe(true));
}

interface Change {
  what: string;
  /** The entry as shown: what, when, by whom, the client and what changed. */
  text: string;
}

/** The changes listed in `list`, newest first, once it has loaded. */
async function changesIn(list: Locator): Promise<Change[]> {
  const items = list.locator('.ant-list-item');
  await visible(items);
  const texts = await items.allInnerTexts();
  const whats = await items.locator('strong').allInnerTexts();
  return texts.map((text, index) => ({ what: whats[index] ?? '', text }));
}

describe('change timeline', () => {
  it('lists the adviser’s changes made on the pages, who made them and the details by name, and customer care sees the same', async () => {
    const adviser = await signedIn(ADVISER, /\/v2\/dashboard$/);
    const id = await caseStartedOnThePage(adviser);
    await appliedAndInterviewStarted(id);
    await twoSectionsAnswered(adviser, id);

    // The adviser opens the case's changes.
    await adviser.getByRole('button', { name: 'Changes to this case: who changed what' }).click();
    const drawer = adviser.getByRole('dialog', { name: 'Changes' });
    await visible(drawer.getByRole('heading', { level: 2, name: 'Changes' }));
    const changes = await changesIn(drawer);
    await screenshot(adviser, 'timeline-01-adviser-changes');

    // Newest first: her answers, the steps taken through the API, then her cover, the client and the case's creation.
    const answers = changes.filter((change) => change.what === 'Health questions answered');
    expect(changes.slice(answers.length).map((change) => change.what)).toEqual([
      'Underwriting started',
      'Applied for the policy',
      'Advised sale answered',
      'Mortgage question answered',
      'Pre-underwriting declaration accepted',
      'Contact details saved',
      'Cover added',
      'Client added',
      'Case created',
    ]);
    // Each answer saved as it was given, and counted: the seven questions of the two sections.
    const counted = answers.map((change) => Number(/Changed:\s*answers? to (\d+) questions?$/.exec(change.text)?.[1]));
    expect(counted.reduce((sum, count) => sum + count, 0)).toBe(7);

    // Every change made by the adviser, in her role; each names its client and the details it changed.
    for (const change of changes) expect(change.text).toMatch(BY_THE_ADVISER);
    for (const change of answers) expect(change.text).toMatch(/Client:\s*Ada Byron/);
    const client = changes.at(-2)?.text ?? '';
    for (const field of ['first name', 'last name', 'date of birth', 'smoking']) expect(client).toContain(field);
    const cover = changes.at(-3)?.text ?? '';
    for (const field of ['cover amount', 'term']) expect(cover).toContain(field);

    // Health answers counted, never shown.
    const shown = await drawer.innerText();
    for (const value of ANSWER_VALUES) expect(shown, `"${value}" shown in the changes`).not.toContain(value);

    // A list longer than the panel scrolls by keyboard: its area takes focus, and End goes to the oldest change.
    // The drawer took focus as it opened, and each press from the first shows where focus is.
    const scrolling = drawer.locator('.case-changes__scroll');
    expect(await drawer.evaluate((element) => element === document.activeElement)).toBe(true);
    await tabTo(adviser, scrolling);
    await adviser.keyboard.press('End');
    await eventually(async () => expect(await scrolling.evaluate((element) => element.scrollTop)).toBeGreaterThan(0));

    // Customer care opens the same case and asks for its changes: the same list.
    const agent = await signedIn(CCA, /\/v2\/customer-care$/);
    await agent.getByLabel('Client name or reference').fill(String(id));
    await agent.getByRole('button', { name: 'Search' }).click();
    await agent.getByRole('link', { name: String(id), exact: true }).click();
    await visible(agent.getByRole('heading', { level: 1, name: `Application ${String(id)}` }));
    await agent.getByRole('button', { name: 'Show the changes' }).click();
    const panel = agent.getByRole('region', { name: 'Changes' });
    expect(await changesIn(panel)).toEqual(changes);
    expect(await panel.innerText()).not.toContain('Software developer');
    await screenshot(agent, 'timeline-02-care-changes');
  });
});
