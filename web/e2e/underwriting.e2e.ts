import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { eventually, launchBrowser, screenshot, visible, type Browser } from './browser';
import { ADVISER, apiCall, download, pick, signInAtDevIdp, tokenFor } from './steps';

const baseUrl = inject('baseUrl');

async function appliedApplication(): Promise<number> {
  const token = await tokenFor(ADVISER.email);
  const created = await apiCall(token, 'POST', 'backendforfrontend/application/create');
  const id = created.id as number;
  const clients = [
    { title: 'Mr', firstName: 'Alan', lastName: 'Turing', gender: 'male', dateOfBirth: '1985-06-23', smoking: 'noneInFiveYears' },
    { title: 'Mrs', firstName: 'Ada', lastName: 'Turing', gender: 'female', dateOfBirth: '1988-12-10', smoking: 'noneInFiveYears' },
  ];
  let application: Record<string, unknown> = created;
  for (const applicant of clients) {
    application = await apiCall(token, 'POST', `backendforfrontend/application/${String(id)}/AddApplicant`, { applicationId: id, applicant });
  }
  const ids = (application.applicants as { id: string }[]).map((a) => a.id);
  for (const [index, applicantId] of ids.entries()) {
    await apiCall(token, 'POST', 'actions/MutateCovers/add', { applicationId: id, applicantId, cover: { productType: 'life', coverType: 'level', coverAmount: 200000, term: 25 } });
    await apiCall(token, 'PATCH', 'backendforfrontend/applicant/contact', {
      applicantId, address1: '1 Station Road', cityName: 'Leeds', postcode: 'LS1 4AP', phoneNumber: '0113 496 0000', emailAddress: `client${String(index)}@example.com`,
    });
  }
  await apiCall(token, 'GET', `backendforfrontend/application/${String(id)}/quotePrice`);
  for (const applicantId of ids) await apiCall(token, 'POST', `application/${String(id)}/applicant/${applicantId}/acceptPreUnderwritingDeclaration`);
  await apiCall(token, 'POST', 'backendforfrontend/application/isMortgageRelated', { id, isMortgageRelated: false });
  await apiCall(token, 'POST', 'backendforfrontend/application/isAdvisedSale', { id, isAdvisedSale: true });
  await apiCall(token, 'POST', 'backendforfrontend/application/ApplyApplication', { applicationId: id });
  return id;
}

async function choose(panel: Locator, question: string | RegExp, option: string): Promise<void> {
  const group = panel.getByRole('radiogroup', { name: question });
  await group.getByRole('radio', { name: option, exact: true }).click();
  await eventually(async () => expect(await group.getByRole('radio', { name: option, exact: true }).isChecked()).toBe(true));
}

async function type(panel: Locator, label: string, value: string): Promise<void> {
  const field = panel.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.blur();
}

async function section(page: Page, name: string): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: new RegExp(`^${name}`) }).click();
  return visible(page.getByRole('tabpanel'));
}

/** Answers the sample interview for a client; `heavy` gives a build that loads the premium. */
async function interview(page: Page, options: { heavy: boolean; condition?: string }): Promise<void> {
  let panel = await section(page, 'About you');
  await choose(panel, 'Height in', 'Metres');
  await type(panel, 'Height (m)', '1.78');
  await choose(panel, 'Weight in', 'Kilograms');
  await type(panel, 'Weight (kg)', options.heavy ? '114' : '74');
  panel = await section(page, 'Occupation and earnings');
  const occupation = panel.getByRole('combobox', { name: 'Main occupation' });
  await occupation.click();
  await occupation.fill('software');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Software developer' }).click();
  await type(panel, 'Gross earnings a year (£)', '48000');
  await choose(panel, 'Does the work involve heights over 12 metres, underground or offshore work, explosives, or armed duties?', 'No');
  panel = await section(page, 'Lifestyle');
  await type(panel, 'Units of alcohol a week, on average (a pint of beer is about 2 units, a large glass of wine 3)', '8');
  for (const question of [/recreational drug/, /motor sport/, /travel outside/]) {
    const group = panel.getByRole('radiogroup', { name: question });
    await group.getByRole('radio', { name: 'No', exact: true }).click();
  }
  panel = await section(page, 'Medical history');
  const conditions = panel.getByRole('radiogroup', { name: /seen a doctor/ });
  if (options.condition) {
    await conditions.getByRole('radio', { name: 'Yes', exact: true }).click();
    const search = panel.getByRole('combobox', { name: /Which conditions/ });
    await visible(search);
    await search.click();
    await search.fill(options.condition);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'High blood pressure' }).first().click();
    await visible(panel.getByText('Sample list – not real medical data'));
    await choose(panel, 'High blood pressure: is it controlled, with the last reading below 150/95?', 'Yes');
    await type(panel, 'High blood pressure: when was it diagnosed?', '01/03/2020');
  } else {
    await conditions.getByRole('radio', { name: 'No', exact: true }).click();
  }
  panel = await section(page, 'Family history');
  await choose(panel, /Before the age of 60/, 'No');
  panel = await section(page, 'Your doctor');
  await type(panel, 'Date the client registered with their current GP practice', '01/06/2015');
  await choose(panel, 'Is the client waiting for any test, investigation, referral or result?', 'No');
}

/** Accepts the post-underwriting declaration; the page says so once the server has it. */
async function declare(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /has read and accepts the post-underwriting declaration/ }).click();
  await visible(page.getByText(/has read and accepted the post-underwriting declaration/));
}

/** A step of the journey bar: its label and whether it is a link and ticked (AJ15). */
async function journeyStep(page: Page, label: string): Promise<{ link: boolean; complete: boolean }> {
  const bar = page.getByRole('navigation', { name: 'Application journey' });
  const link = bar.getByRole('link', { name: new RegExp(`^${label}`) });
  const text = await bar.getByText(new RegExp(`^${label}`)).first().innerText();
  return { link: (await link.count()) > 0, complete: text.includes('(complete)') };
}

/** The stage tag beside the page's heading (AJ16). */
function stageTag(page: Page, label: string): Locator {
  return page.locator('.page-header').getByText(label, { exact: true });
}

/** Pounds in a "£1,234.56" text, as pence. */
function pence(text: string): number {
  const match = /£([\d,]+\.\d\d)/.exec(text);
  if (!match?.[1]) throw new Error(`no amount in ${text}`);
  return Math.round(Number(match[1].replace(/,/g, '')) * 100);
}

let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await browser.close();
});

describe('underwriting and AMRA', () => {
  it('interviews two clients (a condition found by its everyday name), shows a loaded outcome with its reasons, completes AMRA, proceeds from the decision priced on those terms, sets up the Direct Debit, puts the policy in force and finds it among the policyholders', async () => {
    const id = await appliedApplication();
    const { page } = browser;
    await page.goto(`${baseUrl}/v2/application/${String(id)}/application`);
    await signInAtDevIdp(page);
    await visible(page.getByRole('heading', { level: 1, name: 'Application (underwriting)' }));
    // The bar and the tag tell the truth: in the interviews, AMRA is not ticked before any
    // consent, and Set-up is no link before the decision (AJ15, AJ16).
    await visible(stageTag(page, 'Interviews'));
    expect(await journeyStep(page, 'AMRA')).toEqual({ link: true, complete: false });
    expect((await journeyStep(page, 'Set-up')).link).toBe(false);

    // Alan: a build that loads the premium, and high blood pressure typed as advisers say it.
    await page.getByRole('button', { name: 'Start the interview' }).click();
    await visible(page.getByRole('navigation', { name: 'Sections' }));
    await screenshot(page, 'underwriting-01-started');
    await interview(page, { heavy: true, condition: 'high blood pres' });
    // Photographed once the last answer is saved and the section is done, not while it saves.
    await page.getByText('Saving…').waitFor({ state: 'detached' });
    await eventually(async () => expect(await page.getByRole('button', { name: 'Continue', exact: true }).isEnabled()).toBe(true));
    await screenshot(page, 'underwriting-02-condition');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Summary and declaration' }).click();
    // Every answer is read back, as the client gave it, before they declare it true.
    const readBack = page.getByRole('region', { name: 'The answers given' });
    await visible(readBack.getByText('£48,000'));
    await visible(readBack.getByText('01/06/2015'));
    await visible(readBack.getByText('High blood pressure', { exact: true }));
    await screenshot(page, 'underwriting-02b-answers-read-back');
    await declare(page);
    await page.getByRole('button', { name: 'Close enquiry' }).click();
    await visible(page.getByText('Enquiry closed'));
    const outcome = page.getByRole('region', { name: 'Outcome' });
    await visible(outcome.getByText('Non-standard terms'));
    await visible(outcome.getByText('Body mass index of 36 is in the 35 to 39.9 band'));
    await visible(outcome.getByText('Premium loaded by 50%').first());
    await visible(page.getByRole('tab', { name: 'Alan Turing · closed' }));
    await screenshot(page, 'underwriting-03-outcome-explained');

    // The page prompts for Ada; her interview has nothing to disclose.
    await page.getByRole('button', { name: /^Go to Ada/ }).click();
    await page.getByRole('button', { name: 'Start the interview' }).click();
    await interview(page, { heavy: false });
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Summary and declaration' }).click();
    await declare(page);
    await page.getByRole('button', { name: 'Close enquiry' }).click();
    await visible(page.getByRole('region', { name: 'Outcome' }).getByText('Standard terms'));
    await visible(page.getByText('Every client’s interview is closed.'), 30_000);

    // AMRA for both clients: consent, the report question and a surgery from the look-up.
    await page.getByRole('button', { name: 'Continue to AMRA' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'AMRA' }));
    for (const client of ['Alan Turing', 'Ada Turing']) {
      const card = page.locator('.ant-card', { has: page.getByRole('heading', { name: client }) });
      await choose(card, 'Does the client consent to the insurer asking their doctor for a medical report?', 'Yes');
      await visible(card.getByText(/^Consent given on \d\d\/\d\d\/\d{4}/));
      await choose(card, 'Does the client want to see the report before it is sent to the insurer?', 'No');
      const search = card.getByRole('combobox', { name: 'Find the surgery by name, town or postcode' });
      await search.click();
      await search.fill('leeds');
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
      // Every field the directory has is filled, the county among them (FC1).
      expect(await card.getByLabel('County', { exact: true }).inputValue()).toBe('West Yorkshire');
      await card.getByRole('button', { name: 'Save surgery' }).click();
      await visible(card.getByText('AMRA complete'));
    }
    await visible(page.getByText('AMRA is complete for every client.'));
    await eventually(async () => expect((await journeyStep(page, 'AMRA')).complete).toBe(true));
    await screenshot(page, 'underwriting-04-amra-complete');

    // The decision, reached from AMRA's way on: Alan's loading priced, the reasons shown, and Proceed.
    await page.getByRole('button', { name: 'Continue to Decision' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Decision' }));
    const price = page.getByRole('region', { name: 'Price on these terms' });
    await visible(price.getByText(/^Before loadings: £\d+\.\d\d a month$/), 20_000);
    await visible(page.getByText('Body mass index of 36 is in the 35 to 39.9 band').first());
    // The lines on the page make the total: each cover on its terms and each client's policy fee.
    const lines = await price.locator('.review-client table tbody tr td:last-child').allInnerTexts();
    expect(lines.length).toBeGreaterThanOrEqual(4);
    const total = pence(await price.getByText(/^Total monthly premium: £/).innerText());
    expect(lines.map(pence).reduce((sum, line) => sum + line, 0)).toBe(total);
    // Each outcome names its cover's amount and term.
    await visible(page.getByText('Life Protection · Level · £200,000 · 25 years').first());
    expect((await journeyStep(page, 'Set-up')).link).toBe(false);
    await screenshot(page, 'underwriting-05-decision');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await visible(page.getByText(/You have proceeded with this decision/));
    // The way on is Set-up; Requote stays only as a change of mind (AJ17).
    await visible(page.getByText(/changed their mind about the cover/));
    await eventually(async () => expect((await journeyStep(page, 'Set-up')).link).toBe(true));
    await screenshot(page, 'underwriting-06-proceeded');

    // Set-up: the bank details typed once, then shown masked and checked. With no
    // Confirmation of Payee provider configured, the name is not checked and the adviser says
    // they have checked it with the client.
    await page.getByRole('button', { name: 'Continue to Set-up' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Set-up' }));
    await visible(stageTag(page, 'Set-up'));
    // The Direct Debit as the Bacs scheme requires: the Guarantee beside the instruction, and
    // whose policies the one Direct Debit pays for (AJ12).
    const guarantee = page.getByRole('region', { name: 'The Direct Debit Guarantee' });
    await visible(guarantee.getByText(/Protection Life will notify you 10 working days in advance/));
    await visible(page.getByText(/This one Direct Debit pays for Alan Turing’s and Ada Turing’s policies/));
    await page.getByLabel('Account holder’s name').fill('Mr Alan Turing');
    await page.getByLabel('Sort code').fill('08-99-99');
    await page.getByLabel('Account number').fill('66374958');
    await pick(page, page.locator('form').first(), 'Collection day', '15th of the month');
    await page.getByRole('checkbox', { name: /only person needed to authorise Direct Debits/ }).check();
    await page.getByRole('button', { name: 'Save bank details' }).click();
    await visible(page.getByText(/Saved: account ••••4958, sort code 08-99-99/));
    await page.getByRole('button', { name: 'Check bank details' }).click();
    await visible(page.getByText(/the account holder's name could not be checked/));
    await screenshot(page, 'underwriting-07-bank-check');
    await page.getByRole('button', { name: 'I have checked these details with my client' }).click();
    await visible(page.getByText('The bank details are confirmed.'));
    // Confirmed, the notice no longer asks for the check.
    await visible(page.getByText(/You confirmed these bank details with your client/));
    expect(await page.getByText(/Please check the name with your client before you continue/).count()).toBe(0);
    expect(await page.content()).not.toContain('66374958');
    // The policy starts in a week.
    const start = new Date();
    start.setDate(start.getDate() + 7);
    const [year = '', month = '', day = ''] = start.toISOString().slice(0, 10).split('-');
    const ukStart = `${day}/${month}/${year}`;
    await page.getByRole('radio', { name: 'On a later date' }).check();
    // Typed in British order, and saved as soon as it is a whole date: there is no Save button.
    const startDate = page.getByLabel('Start date', { exact: true });
    await startDate.fill(ukStart);
    await startDate.press('Enter');
    await visible(page.getByText(`Saved: the policies start on ${ukStart}.`));
    // The first collection, with the notice the scheme requires.
    await visible(page.getByText(/^First collection: £\d+\.\d\d on \d\d\/\d\d\/\d{4}$/));
    await visible(page.getByText(/at least 10 working days before the first collection/));
    await screenshot(page, 'underwriting-08-bank-confirmed');

    // Review: what each client buys on the decision's terms, then the policy put in force.
    await page.getByRole('button', { name: /Continue to review/ }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Review' }));
    const alansCovers = page.getByRole('region', { name: 'Covers for Alan Turing' });
    await visible(alansCovers.getByText(/^Non-standard terms: premium loaded by \d+%/));
    await visible(page.getByRole('region', { name: 'Covers for Ada Turing' }).getByText('Standard terms'));
    await visible(page.getByText(/^Total a month: £\d+\.\d\d$/));
    await visible(page.getByText('••••4958'));
    await visible(page.getByText(`On ${ukStart}`));
    await screenshot(page, 'underwriting-09-review');
    // Two policies, and a confirmation that names what will happen before anything is issued.
    await page.getByRole('button', { name: 'Put policies in force' }).click();
    const confirm = page.getByRole('dialog', { name: 'Put 2 policies in force?' });
    await visible(confirm.getByText(/^Alan Turing’s policy, £\d+\.\d\d a month$/));
    await visible(confirm.getByText(/^First collection: £\d+\.\d\d on /));
    await visible(confirm.getByText(/the Direct Debit confirmation/));
    await screenshot(page, 'underwriting-09b-confirm');
    await confirm.getByRole('button', { name: 'Put policies in force' }).click();

    // Complete: a numbered policy per client, starting on the date chosen, with its documents.
    await visible(page.getByRole('heading', { level: 1, name: 'Complete' }));
    const startsOn = `Starts on ${ukStart}`;
    const numbers: string[] = [];
    for (const client of ['Alan Turing', 'Ada Turing']) {
      const card = page.getByRole('region', { name: client });
      await visible(card.getByText(startsOn));
      await visible(card.getByRole('button', { name: 'Policy schedule (PDF)' }));
      await visible(card.getByRole('button', { name: 'Underwriting decision (PDF)' }));
      await visible(card.getByRole('button', { name: 'Direct Debit confirmation (PDF)' }));
      await visible(card.getByRole('button', { name: 'Key facts (PDF)' }));
      numbers.push((await card.getByText(/^PP\d{10}$/).innerText()).trim());
    }
    expect(new Set(numbers).size).toBe(2);
    const [alansNumber = ''] = numbers;
    await screenshot(page, 'underwriting-10-complete');
    const schedule = await download(page, page.getByRole('region', { name: 'Alan Turing' }).getByRole('button', { name: 'Policy schedule (PDF)' }));
    expect(schedule.fileName).toMatch(/\.pdf$/);
    expect(schedule.text).toContain(alansNumber);
    const confirmation = await download(page, page.getByRole('region', { name: 'Alan Turing' }).getByRole('button', { name: 'Direct Debit confirmation (PDF)' }));
    expect(confirmation.text).toContain('The Direct Debit Guarantee');
    expect(confirmation.text).toContain('Your first collection');

    // Complete's way on: the dashboard's Policyholders tab finds the policy, and its row opens
    // the policy view.
    await page.getByRole('button', { name: 'See the policyholders' }).click();
    await visible(page.getByRole('tab', { name: 'Policyholders', selected: true }));
    const startsLater = page.getByRole('group', { name: 'Filter by status' }).getByRole('checkbox', { name: 'Starts later' });
    await startsLater.click();
    await eventually(async () => expect(await startsLater.isChecked()).toBe(true));
    await page.getByRole('searchbox', { name: /Search by policyholder/ }).fill(alansNumber);
    const row = page.getByRole('row', { name: new RegExp(alansNumber) });
    await visible(row.getByText('Starts later'));
    await eventually(async () => expect(await page.getByRole('table').getByRole('row').count()).toBe(2));
    await screenshot(page, 'underwriting-11-policyholders');
    await row.getByRole('link', { name: `Open policy ${alansNumber}` }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Alan Turing' }));
    const summary = page.getByRole('region', { name: 'Cover Summary' });
    await visible(summary.getByRole('row', { name: /Life Protection/ }));
    await visible(page.getByText('••••4958'));
    await screenshot(page, 'underwriting-12-policy-view');
  }, 240_000);
});
