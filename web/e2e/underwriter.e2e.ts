import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventually, launchBrowser, screenshot, visible, type Browser } from './browser';
import { appliedCase } from './cases';
import { ADVISER, apiCall, pick, signInAtDevIdp, UNDERWRITER } from './steps';

const baseUrl = inject('baseUrl');
const temporalHttp = inject('temporalHttp');

/** What the sample interview asks of a client; 60 units of alcohol a week refers him for a GP report. */
const ANSWERS: [string, string][] = [
  ['HEIGHT_UNITS', 'metric'], ['HEIGHT', '1.78'], ['WEIGHT_UNITS', 'metric'], ['WEIGHT', '76'],
  ['OCCUPATION', 'Software developer'], ['EARNINGS', '42000'], ['HAZARDOUS_DUTIES', 'No'],
  ['ALCOHOL_UNITS', '60'], ['DRUGS', 'No'], ['HAZARDOUS_PURSUITS', 'No'], ['TRAVEL', 'No'],
  ['HAS_CONDITIONS', 'No'], ['FAMILY_HISTORY', 'No'], ['GP_REGISTERED_SINCE', '2015-06-01'], ['GP_PENDING', 'No'],
];

/**
 * Alan Turing applied for life cover, gave AMRA consent (his surgery recorded, not asking to see
 * reports first) and answered his interview: the rulebook refers him for a GP report.
 */
async function referredCase(): Promise<number> {
  const { token, id, applicant: alan } = await appliedCase(
    { title: 'Mr', firstName: 'Alan', lastName: 'Turing', gender: 'male', dateOfBirth: '1985-06-23', email: 'alan@example.com' },
    { productType: 'life', coverType: 'level', coverAmount: 200000, term: 25 },
  );
  await apiCall(token, 'POST', 'backendforfrontend/applicant/isAmraConsentGranted', { applicantId: alan, isAmraConsentGranted: true });
  await apiCall(token, 'POST', 'backendforfrontend/applicant/isViewMedicalReportsRequested', { applicantId: alan, isViewMedicalReportsRequested: false });
  await apiCall(token, 'PATCH', 'backendforfrontend/applicant/examiner', {
    applicantId: alan, organisationName: 'The Surgery',
    contactDetails: { address1: '1 River Lane', cityName: 'Leeds', postcode: 'LS1 4AP', phoneNumber: '0113 496 0001' },
    isExaminerDetailsValid: 'true',
  });
  await apiCall(token, 'POST', `underwriting/${alan}/start`, { answers: [{ tag: 'ENQUIRY_TYPE', value: 'Full' }] });
  await apiCall(token, 'POST', `actions/provideanswers/${alan}`, { answers: ANSWERS.map(([tag, value]) => ({ tag, value })) });
  await apiCall(token, 'POST', 'actions/acceptuwdeclaration', { applicationId: id, applicantId: alan });
  await apiCall(token, 'POST', `underwriting/${alan}/close`);
  await eventually(async () => {
    const application = await apiCall(token, 'GET', `application/${String(id)}`);
    expect(application.status).toBe('UNDERWRITING');
  }, 20_000);
  return id;
}

/**
 * Moves the case's workflow on to its next timer, once (Temporal's time skipping, through its
 * HTTP API): the GP report's expected date passes as if four weeks had gone by.
 */
async function skipToNextTimer(id: number): Promise<void> {
  const response = await fetch(`${temporalHttp}/api/v1/namespaces/default/workflows/application-${String(id)}/update-options`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      workflowExecutionOptions: { timeSkippingConfig: { enabled: true, maxSessionSkipCount: 1 } },
      updateMask: 'timeSkippingConfig',
      identity: 'underwriter.e2e',
    }),
  });
  if (!response.ok) throw new Error(`time skipping: ${String(response.status)} ${await response.text()}`);
}

/** A one-page PDF, as a GP surgery would send it. */
const GP_REPORT = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

async function signIn(page: Page, url: string, user: { email: string; password: string }): Promise<void> {
  await page.goto(url);
  await signInAtDevIdp(page, undefined, user);
}

let underwriter: Browser;
let adviser: Browser;

beforeEach(async () => {
  underwriter = await launchBrowser();
  adviser = await launchBrowser();
});

afterEach(async () => {
  await underwriter.close();
  await adviser.close();
});

describe('the underwriter’s workbench', () => {
  it('takes a referred case from claim through a chased GP report to a 50% loading the adviser reads, proceeds from and puts in force', async () => {
    const id = await referredCase();

    // The underwriter lands on the workbench: the case is there, unclaimed, with the rule that referred it.
    const uw = underwriter.page;
    await signIn(uw, `${baseUrl}/v2/`, UNDERWRITER);
    await visible(uw.getByRole('heading', { level: 1, name: 'Underwriting workbench' }));
    await uw.getByRole('tab', { name: 'Unclaimed' }).click();
    const row = uw.getByRole('row', { name: new RegExp(String(id)) });
    await visible(row.getByText('ALCOHOL-51-70'));
    await visible(row.getByText('Unclaimed'));
    await screenshot(uw, 'workbench-01-list');
    // Signing in opened the Temporal Web UI's codec session for this case handler (EN9), not for the adviser.
    const codecCookie = async (page: Page) => (await page.context().cookies(`${baseUrl}/codec/decode`)).find((c) => c.name === 'portal_codec');
    expect((await codecCookie(uw))?.httpOnly).toBe(true);

    await row.getByRole('link', { name: `Open case ${String(id)}` }).click();
    await visible(uw.getByRole('heading', { level: 1, name: `Application ${String(id)} · Alan Turing` }));
    await visible(uw.getByText(/60 units of alcohol a week/).first());
    await uw.getByRole('button', { name: 'Claim this case' }).click();
    await visible(uw.getByText('You are working on this case.'));

    // A GP report from Alan's surgery, expected in four weeks.
    const ask = uw.getByRole('region', { name: 'Ask for evidence' });
    await pick(uw, ask, 'Evidence', 'GP report');
    await ask.getByRole('button', { name: 'Ask for it' }).click();
    const gp = uw.getByRole('row', { name: /GP report/ });
    await visible(gp.getByText(/^Expected by \d\d\/\d\d\/\d{4}$/));
    await visible(gp.getByText('The Surgery'));
    await screenshot(uw, 'workbench-02-gp-report-requested');

    // The adviser, meanwhile: the dashboard marks the case, and its underwriting page says what is awaited.
    const ad = adviser.page;
    await signIn(ad, `${baseUrl}/v2/dashboard`, ADVISER);
    expect(await codecCookie(ad)).toBeUndefined();
    const dashboardRow = ad.getByRole('row', { name: new RegExp(String(id)) });
    await visible(dashboardRow.getByText('New underwriting update'));
    await ad.goto(`${baseUrl}/v2/application/${String(id)}/application`);
    const referral = ad.getByRole('region', { name: 'With the underwriter' });
    await visible(referral.getByText('Ruth Ellis, an underwriter, is working on this case. Their updates show below.'));
    await visible(referral.getByText(/^GP report from The Surgery requested for Alan Turing; expected by/));
    await visible(referral.getByText(/^Expected by/));
    await screenshot(ad, 'workbench-03-adviser-sees-the-request');

    // Four weeks pass without the report: the workflow's timer chases it and moves the date on.
    await skipToNextTimer(id);
    await eventually(async () => {
      await uw.reload();
      await visible(uw.getByRole('row', { name: /GP report/ }).getByText(/^Chased once, first expected by/), 2_000);
    }, 30_000);
    await visible(uw.getByRole('cell', { name: /^GP report from The Surgery chased on \d\d\/\d\d\/\d{4}, now expected by \d\d\/\d\d\/\d{4}\.$/ }));
    await screenshot(uw, 'workbench-04-chased');

    // The report arrives: recorded with its PDF.
    await uw.getByLabel('Document for the GP report (PDF, at most 10 MB)').setInputFiles({ name: 'GP report Alan Turing.pdf', mimeType: 'application/pdf', buffer: GP_REPORT });
    await uw.getByRole('button', { name: 'Record as received' }).click();
    await visible(uw.getByRole('button', { name: 'Download GP report Alan Turing.pdf' }));

    // A 50% loading, with the reason the adviser will read.
    const decide = uw.getByRole('region', { name: 'Decide Alan Turing: Life Protection' });
    // No terms are chosen for the underwriter (issue 50).
    for (const radio of await decide.getByRole('radio').all()) expect(await radio.isChecked()).toBe(false);
    await decide.getByRole('radio', { name: 'A loading' }).click();
    await decide.getByLabel('Loading (% of the premium)').fill('50');
    await decide.getByLabel('Reason for the adviser').fill('The GP confirms a steady intake for ten years with normal liver tests.');
    await screenshot(uw, 'workbench-05-decision-form');
    await decide.getByRole('button', { name: 'Record the decision' }).click();
    await visible(uw.getByText(/^Every referred cover was decided on/));
    await visible(uw.getByText(/Life Protection: non-standard terms from the underwriter: the premium is loaded by 50%\./));
    await screenshot(uw, 'workbench-06-decided');

    // The adviser reads each update and the decision with its reason, then proceeds.
    await ad.goto(`${baseUrl}/v2/application/${String(id)}/decision`);
    await visible(ad.getByRole('heading', { level: 1, name: 'Decision' }));
    const updates = ad.getByRole('region', { name: 'Underwriting updates' });
    for (const update of [
      /^GP report from The Surgery requested for Alan Turing; expected by/,
      /^GP report from The Surgery chased on/,
      /^GP report from The Surgery received for Alan Turing\.$/,
      /^Decision for Alan Turing: Life Protection: non-standard terms from the underwriter: the premium is loaded by 50%\. Reason: The GP confirms/,
    ]) {
      await visible(updates.getByText(update));
    }
    await visible(ad.getByText(/Reason: The GP confirms a steady intake for ten years/).first());
    // The outcome the underwriter decided is theirs, not the rulebook's (issue 50).
    await visible(ad.getByText(/^Referred by rulebook .*; decided by an underwriter, as shown above$/).first());
    expect(await ad.getByText(/^Decided by rulebook/).count()).toBe(0);
    const price = ad.getByRole('region', { name: 'Price on these terms' });
    await visible(price.getByText(/^Before loadings: £\d+\.\d\d a month$/), 20_000);
    await screenshot(ad, 'workbench-07-adviser-decision');
    await ad.getByRole('button', { name: 'Proceed' }).click();
    await visible(ad.getByText(/You have proceeded with this decision/));

    // Set-up and in force.
    await ad.goto(`${baseUrl}/v2/application/${String(id)}/set-up`);
    await visible(ad.getByRole('heading', { level: 1, name: 'Set-up' }));
    await ad.getByLabel('Account holder’s name').fill('Mr Alan Turing');
    await ad.getByLabel('Sort code').fill('08-99-99');
    await ad.getByLabel('Account number').fill('66374958');
    await pick(ad, ad.locator('form').first(), 'Collection day', '15th of the month');
    await ad.getByRole('checkbox', { name: /only person needed to authorise Direct Debits/ }).check();
    await ad.getByRole('button', { name: 'Save bank details' }).click();
    await visible(ad.getByText(/Saved: account ••••4958, sort code 08-99-99/));
    await ad.getByRole('button', { name: 'Check bank details' }).click();
    await ad.getByRole('button', { name: 'I have checked these details with my client' }).click();
    await visible(ad.getByText('The bank details are confirmed.'));
    await ad.getByRole('radio', { name: 'As soon as it is put in force' }).check();
    await visible(ad.getByText('Saved: the policies start the day you put them in force.'));
    await ad.getByRole('button', { name: /Continue to review/ }).click();
    await visible(ad.getByRole('heading', { level: 1, name: 'Review' }));
    await visible(ad.getByRole('region', { name: 'Covers for Alan Turing' }).getByText(/^Non-standard terms: premium loaded by 50%/));
    await ad.getByRole('button', { name: /^Put polic(y|ies) in force$/ }).click();
    await ad.getByRole('dialog', { name: /in force\?$/ }).getByRole('button', { name: /^Put polic(y|ies) in force$/ }).click();
    await visible(ad.getByRole('heading', { level: 1, name: 'Complete' }));
    await visible(ad.getByRole('region', { name: 'Alan Turing' }).getByText(/^PP\d{10}$/));
    await screenshot(ad, 'workbench-08-in-force');
  }, 240_000);
});
