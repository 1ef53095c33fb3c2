import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { reportAccessibility } from './axe';
import { eventually, launchBrowser, screenshot, visible, type Browser } from './browser';
import { ADVISER, apiCall, download, pick, signInAtDevIdp, tokenFor } from './steps';

const baseUrl = inject('baseUrl');

async function choose(scope: Locator, question: string | RegExp, option: string): Promise<void> {
  const group = scope.getByRole('radiogroup', { name: question });
  await group.getByRole('radio', { name: option, exact: true }).click();
  await eventually(async () => expect(await group.getByRole('radio', { name: option, exact: true }).isChecked()).toBe(true));
}

async function type(scope: Locator, label: string, value: string): Promise<void> {
  const field = scope.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.blur();
}

/** The answer saved: nothing left saving. */
async function saved(page: Page): Promise<void> {
  await page.getByText('Saving…').waitFor({ state: 'detached' });
}

/** Picks what a look-up finds for `typed`, as an adviser types it. */
async function lookUp(page: Page, field: Locator, typed: string, found: string): Promise<void> {
  await visible(field);
  await field.click();
  await field.fill(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: found }).first().click();
}

/** A card of the step, by its heading. */
function card(page: Page, heading: string): Locator {
  return page.locator('.ant-card', { has: page.getByRole('heading', { name: heading, exact: true }) });
}

/** Gives the application's client contact details and declarations, prices it and applies. */
async function applyFor(id: number): Promise<void> {
  const token = await tokenFor(ADVISER.email);
  const application = await apiCall(token, 'GET', `application/${String(id)}`);
  const ids = (application.applicants as { id: string }[]).map((a) => a.id);
  for (const applicantId of ids) {
    await apiCall(token, 'PATCH', 'backendforfrontend/applicant/contact', {
      applicantId, address1: '1 Station Road', cityName: 'Leeds', postcode: 'LS1 4AP', phoneNumber: '0113 496 0000', emailAddress: 'alan.qi@example.com',
    });
  }
  await apiCall(token, 'GET', `backendforfrontend/application/${String(id)}/quotePrice`);
  for (const applicantId of ids) await apiCall(token, 'POST', `application/${String(id)}/applicant/${applicantId}/acceptPreUnderwritingDeclaration`);
  await apiCall(token, 'POST', 'backendforfrontend/application/isMortgageRelated', { id, isMortgageRelated: false });
  await apiCall(token, 'POST', 'backendforfrontend/application/isAdvisedSale', { id, isAdvisedSale: true });
  await apiCall(token, 'POST', 'backendforfrontend/application/ApplyApplication', { applicationId: id });
}

let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await browser.close();
});

describe('Underwriting Qi', () => {
  it('asks Qi about a client with high blood pressure, reads the indication and its reason, prices life cover on those terms, downloads the indication, starts an application from it with the client and cover already there, closes the interview without typing a Qi answer again and sees the indicated terms beside the decision', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/v2/dashboard`);
    await signInAtDevIdp(page);

    // From the dashboard's Ask Qi panel to Qi's page.
    const panel = page.getByRole('region', { name: 'Underwriting Qi' });
    await visible(panel);
    await screenshot(page, 'qi-00-dashboard-panel');
    await panel.getByRole('button', { name: 'Ask Qi' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Underwriting Qi' }));
    await visible(page.getByText(/It is not an offer; it stays valid for 30 days/));
    await screenshot(page, 'qi-01-list');

    // Client details: the client, then what the interview asks about them.
    await page.getByRole('button', { name: 'Ask Qi for a new client' }).click();
    const details = card(page, 'Client details');
    await visible(details);
    await pick(page, details, 'Title', 'Mr');
    await details.getByLabel('First name').fill('Alan');
    await details.getByLabel('Last name').fill('Qi-Turing');
    await details.getByRole('radio', { name: 'Male', exact: true }).check();
    await details.getByLabel('Date of birth').fill('23/06/1980');
    await details.getByLabel('Date of birth').press('Enter');
    await details.getByRole('radio', { name: 'None in 5 years' }).check();
    await screenshot(page, 'qi-02-new-client');
    await details.getByRole('button', { name: 'Save and ask the next questions' }).click();
    await page.waitForURL(/\/v2\/underwriting-qi\/[^/]+\/client-details$/);
    const about = card(page, 'About the client');
    await visible(about);
    await choose(about, 'Height in', 'Metres');
    await type(about, 'Height (m)', '1.78');
    await choose(about, 'Weight in', 'Kilograms');
    await type(about, 'Weight (kg)', '74');
    await lookUp(page, about.getByRole('combobox', { name: 'Main occupation' }), 'software', 'Software developer');
    await type(about, 'Gross earnings a year (£)', '48000');
    await choose(about, 'Does the work involve heights over 12 metres, underground or offshore work, explosives, or armed duties?', 'No');
    await saved(page);
    const toConditions = page.getByRole('button', { name: 'Continue to Conditions' });
    await eventually(async () => expect(await toConditions.isEnabled()).toBe(true));
    await screenshot(page, 'qi-03-client-details');

    // Conditions: high blood pressure, typed as advisers say it, and its follow-up questions.
    await toConditions.click();
    await page.waitForURL(/\/conditions$/);
    const lifestyle = card(page, 'Lifestyle');
    await visible(lifestyle);
    await type(lifestyle, 'Units of alcohol a week, on average (a pint of beer is about 2 units, a large glass of wine 3)', '8');
    for (const question of [/recreational drug/, /motor sport/, /travel outside/]) await choose(lifestyle, question, 'No');
    const medical = card(page, 'Medical history');
    await choose(medical, /seen a doctor/, 'Yes');
    // A word many conditions share lists the closest eight, in a list that does not scroll.
    const conditions = medical.getByRole('combobox', { name: /Which conditions/ });
    await visible(conditions);
    await conditions.click();
    await conditions.fill('heart');
    await visible(medical.getByRole('status').filter({ hasText: 'The 8 closest are listed' }));
    await screenshot(page, 'qi-04a-conditions-look-up-many');
    await lookUp(page, conditions, 'high blood pressure', 'High blood pressure');
    await choose(medical, 'High blood pressure: is it controlled, with the last reading below 150/95?', 'No');
    await type(medical, 'High blood pressure: when was it diagnosed?', '01/03/2019');
    await choose(card(page, 'Family history'), /Before the age of 60/, 'No');
    const doctor = card(page, 'Your doctor');
    await type(doctor, 'Date the client registered with their current GP practice', '01/06/2015');
    await choose(doctor, 'Is the client waiting for any test, investigation, referral or result?', 'No');
    await saved(page);
    const toDecision = page.getByRole('button', { name: 'Continue to Indicative decision' });
    await eventually(async () => expect(await toDecision.isEnabled()).toBe(true));
    await screenshot(page, 'qi-04-conditions');

    // The indication per product, life loaded for the blood pressure, with the reason.
    await toDecision.click();
    const indication = page.getByRole('region', { name: 'Indicative decision' });
    await visible(indication, 30_000);
    const life = indication.getByRole('listitem').filter({ hasText: 'Life Protection' }).first();
    await visible(life.getByText('Non-standard terms'));
    await visible(life.getByText('Premium loaded by 50%').first());
    await visible(life.getByText(/High blood pressure not controlled below 150\/95/).first());
    await screenshot(page, 'qi-05-indication');

    // £200,000 of level life cover over 20 years, priced on those terms.
    const quote = page.getByRole('region', { name: 'Quote decision' });
    await quote.getByLabel('Cover amount (£)').fill('200000');
    await quote.getByLabel('Term in years').fill('20');
    await quote.getByRole('button', { name: 'Price on these terms' }).click();
    const price = page.getByRole('region', { name: 'Indicative price' });
    await visible(price, 30_000);
    await visible(price.getByText(/£200,000/));
    const total = await price.locator('.ant-table-summary').innerText();
    expect(total).toMatch(/Total a month\s+£\d+\.\d\d/);
    await screenshot(page, 'qi-06-indicative-price');

    // The indication as a PDF, marked as an indication.
    const pdf = await download(page, page.getByRole('button', { name: 'Download the indication (PDF)' }));
    expect(pdf.fileName).toMatch(/\.pdf$/);
    expect(pdf.text).toContain('INDICATION ONLY');
    expect(pdf.text).toContain('High blood pressure');

    // An application from it: the client and the cover already there.
    await page.getByRole('button', { name: 'Start an application from this indication' }).click();
    await page.waitForURL(/\/v2\/application\/\d+\/client-details$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Client details' }));
    const client = page.getByRole('region', { name: 'Client 1' });
    await visible(client.getByLabel('Last name'));
    await eventually(async () => expect(await client.getByLabel('Last name').inputValue()).toBe('Qi-Turing'));
    expect(await client.getByLabel('First name').inputValue()).toBe('Alan');
    await screenshot(page, 'qi-07-application-client-details');
    const applicationId = /\/application\/(\d+)\//.exec(page.url())?.[1] ?? '';
    await page.goto(`${baseUrl}/v2/application/${applicationId}/quote`);
    await visible(page.getByRole('heading', { level: 1, name: 'Quote' }));
    await visible(page.getByText('£200,000').first());
    // The indication stands above the standard price (issue 50): the adviser quotes its terms.
    const indicated = page.getByRole('alert').filter({ hasText: 'Qi indicated terms for Alan Qi-Turing' });
    await visible(indicated);
    await visible(indicated.getByText(/Life Protection: premium loaded by 50% · £\d+\.\d\d a month indicated/));
    await reportAccessibility(page, 'application quote with the Qi indication');
    await screenshot(page, 'qi-08-application-quote');
    // So does the quote PDF the client is given.
    const quotePdf = await download(page, page.getByRole('region', { name: 'Documents' }).getByRole('button', { name: 'Download quote (PDF)' }));
    expect(quotePdf.text).toMatch(/Indicated: Life Protection – Non-standard terms: premium loaded by 50%\s+£\d+\.\d\d a month/);

    // Back on Qi's page the enquiry links to its application.
    await page.goto(`${baseUrl}/v2/underwriting-qi`);
    await visible(page.getByRole('link', { name: `Application ${applicationId}` }));
    await screenshot(page, 'qi-09-list-with-application');

    // What Qi did not ask (contact details, the declarations) is given and the case applied
    // for; the client's interview then starts with every Qi answer, and closes with none typed
    // again.
    await applyFor(Number(applicationId));
    await page.goto(`${baseUrl}/v2/application/${applicationId}/application`);
    await visible(page.getByRole('heading', { level: 1, name: 'Application (underwriting)' }));
    await page.getByRole('button', { name: 'Start the interview' }).click();
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await visible(sections);
    await sections.getByRole('button', { name: 'Summary and declaration' }).click();
    const readBack = page.getByRole('region', { name: 'The answers given' });
    await visible(readBack.getByText('High blood pressure', { exact: true }));
    await visible(readBack.getByText('£48,000'));
    await visible(readBack.getByText('01/06/2015'));
    await screenshot(page, 'qi-10-interview-carried-over');
    await page.getByRole('checkbox', { name: /has read and accepts the post-underwriting declaration/ }).click();
    await visible(page.getByText(/has read and accepted the post-underwriting declaration/));
    await page.getByRole('button', { name: 'Close enquiry' }).click();
    await visible(page.getByRole('region', { name: 'Outcome' }).getByText('Non-standard terms'));

    // At Decision, the indicated terms and price beside the final ones.
    await page.goto(`${baseUrl}/v2/application/${applicationId}/decision`);
    await visible(page.getByRole('heading', { level: 1, name: 'Decision' }), 30_000);
    const compared = page.getByRole('region', { name: 'Indicated at Qi against the decision' });
    await visible(compared, 30_000);
    const table = compared.getByRole('table');
    await visible(table.getByText('Non-standard terms').first());
    await visible(table.getByText(/a month, indicative/));
    await eventually(async () => expect(await table.getByText(/£\d+\.\d\d a month$/).count()).toBeGreaterThan(0), 30_000);
    await visible(compared.getByText('No answer changed since the indication'));
    await screenshot(page, 'qi-11-indicated-against-final');
  });
});
