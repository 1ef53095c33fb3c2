/**
 * Health questions answered privately, through the real stack in two browsers (issue 35): the
 * adviser sends Ada her underwriting interview; Ada registers in the client portal, confirms her
 * case, finds the questions on her home, answers them with the interview's own fields, accepts
 * the declaration and submits. Meanwhile the adviser sees which sections are answered and no
 * answer; once Ada submits, the adviser sees her answers and closes the enquiry as usual. Every
 * page is photographed and checked by axe; the client's page is checked at a phone's 375 px.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventually, launchBrowser, screenshot, visible, type Browser } from './browser';
import { ADVISER, apiCall, signInAtDevIdp, tokenFor } from './steps';

const baseUrl = inject('baseUrl');

/** Every answer but the two Ada gives on the page (domain::testkit::PLAIN_ANSWERS). */
const ANSWERED_BEFORE: [string, string][] = [
  ['HEIGHT_UNITS', 'metric'], ['HEIGHT', '1.68'], ['WEIGHT_UNITS', 'metric'], ['WEIGHT', '62'],
  ['OCCUPATION', 'Software developer'], ['EARNINGS', '42000'], ['HAZARDOUS_DUTIES', 'No'],
  ['HAZARDOUS_PURSUITS', 'No'], ['TRAVEL', 'No'],
  ['HAS_CONDITIONS', 'No'], ['FAMILY_HISTORY', 'No'], ['GP_REGISTERED_SINCE', '2015-06-01'], ['GP_PENDING', 'No'],
];

/** Ada Byron (born 10 April 1985, `email`) applied for life cover, her interview started; answers the case's id. */
async function interviewStarted(email: string): Promise<{ id: number; ada: string }> {
  const token = await tokenFor(ADVISER.email);
  const created = await apiCall(token, 'POST', 'backendforfrontend/application/create');
  const id = created.id as number;
  const added = await apiCall(token, 'POST', `backendforfrontend/application/${String(id)}/AddApplicant`, {
    applicationId: id,
    applicant: { title: 'Ms', firstName: 'Ada', lastName: 'Byron', gender: 'female', dateOfBirth: '1985-04-10', smoking: 'noneInFiveYears' },
  });
  const ada = (added.applicants as { id: string }[])[0]?.id ?? '';
  await apiCall(token, 'POST', 'actions/MutateCovers/add', {
    applicationId: id, applicantId: ada, cover: { productType: 'life', coverType: 'level', coverAmount: 150000, term: 20 },
  });
  await apiCall(token, 'PATCH', 'backendforfrontend/applicant/contact', {
    applicantId: ada, address1: '1 Station Road', cityName: 'Leeds', postcode: 'LS1 4AP', phoneNumber: '0113 496 0000', emailAddress: email,
  });
  await apiCall(token, 'GET', `backendforfrontend/application/${String(id)}/quotePrice`);
  await apiCall(token, 'POST', `application/${String(id)}/applicant/${ada}/acceptPreUnderwritingDeclaration`);
  await apiCall(token, 'POST', 'backendforfrontend/application/isMortgageRelated', { id, isMortgageRelated: false });
  await apiCall(token, 'POST', 'backendforfrontend/application/isAdvisedSale', { id, isAdvisedSale: true });
  await apiCall(token, 'POST', 'backendforfrontend/application/ApplyApplication', { applicationId: id });
  await apiCall(token, 'POST', `underwriting/${ada}/start`, { answers: [{ tag: 'ENQUIRY_TYPE', value: 'Full' }] });
  return { id, ada };
}

/** Whether the page is no wider than the window: nothing to scroll sideways on a phone. */
async function fitsTheWindow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

let adviserBrowser: Browser;
let clientBrowser: Browser;

beforeEach(async () => {
  adviserBrowser = await launchBrowser();
  clientBrowser = await launchBrowser();
});

afterEach(async () => {
  await clientBrowser.close();
  await adviserBrowser.close();
});

describe('health questions answered privately', () => {
  it('the adviser sends them, sees progress and no answer, and carries on once the client submits', async () => {
    const email = `ada.${String(Date.now())}@example.com`;
    const { id } = await interviewStarted(email);
    const adviser = adviserBrowser.page;
    const client = clientBrowser.page;

    // The adviser offers Ada the questions to answer privately.
    await adviser.goto(`${baseUrl}/v2/application/${String(id)}/application`);
    await signInAtDevIdp(adviser);
    await visible(adviser.getByRole('heading', { name: 'Let Ada Byron answer privately' }));
    await visible(adviser.getByText(new RegExp(`sign in to the client portal with ${email.replace(/\./g, '\\.')}`)));
    await screenshot(adviser, 'private-health-01-adviser-offer');
    await adviser.getByRole('button', { name: 'Send to the client to answer privately' }).click();
    await visible(adviser.getByRole('heading', { name: 'With Ada Byron to answer privately' }));
    expect(await adviser.getByRole('navigation', { name: 'Sections' }).count()).toBe(0);
    await screenshot(adviser, 'private-health-02-adviser-sent');

    // Ada registers, confirms her case and finds the questions on her home.
    await client.goto(`${baseUrl}/v2/portal`);
    await client.getByRole('button', { name: 'Register' }).click();
    await client.waitForURL(/\/dev-idp\/authorize/);
    await client.getByLabel('Email').fill(email);
    await client.getByLabel('Password', { exact: true }).fill('Passw0rd!');
    await client.getByLabel('Confirm password').fill('Passw0rd!');
    await client.getByRole('button', { name: 'Create account' }).click();
    await client.waitForURL(/\/v2\/portal\/confirm-details$/);
    const born = client.getByLabel('Date of birth');
    await born.fill('10/04/1985');
    await born.press('Enter');
    await client.getByLabel('Policy number or application reference').fill(String(id));
    await client.getByRole('button', { name: 'Confirm' }).click();
    await client.getByRole('button', { name: 'Go to my home' }).click();
    await client.waitForURL(/\/v2\/portal\/home$/);
    const questions = client.getByRole('link', { name: 'Answer the health questions for Ada Byron' });
    await visible(questions);
    await screenshot(client, 'private-health-03-client-home');

    // Most answers over the API as Ada (the same call the page makes); the last two on the page.
    const adaToken = await tokenFor(email);
    const ada = (await apiCall(adaToken, 'GET', 'portal/health-questions')).interviews as { applicantId: string }[];
    await apiCall(adaToken, 'POST', `portal/health-questions/${ada[0]?.applicantId ?? ''}`, {
      answers: ANSWERED_BEFORE.map(([tag, value]) => ({ tag, value })),
    });
    await questions.click();
    await visible(client.getByRole('heading', { level: 1, name: 'Your health questions' }));
    await client.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /Lifestyle/ }).click();
    const units = client.getByLabel(/Units of alcohol a week/);
    await units.fill('6');
    await units.press('Tab');
    const drugs = client.getByRole('radiogroup', { name: /recreational drug/ });
    await drugs.getByRole('radio', { name: 'No', exact: true }).click();
    await eventually(async () => expect(await drugs.getByRole('radio', { name: 'No', exact: true }).isChecked()).toBe(true));
    await screenshot(client, 'private-health-04-client-answering');
    await client.setViewportSize({ width: 375, height: 812 });
    expect(await fitsTheWindow(client)).toBe(true);
    await screenshot(client, 'private-health-05-client-answering-375');
    await client.setViewportSize({ width: 1280, height: 900 });

    // The adviser sees Lifestyle answered, and still no answer.
    await adviser.reload();
    const progress = adviser.getByRole('list', { name: 'Progress' });
    await eventually(async () => {
      await adviser.reload();
      await visible(progress);
      expect(await progress.getByText('To answer').count()).toBe(0);
    }, 20_000);
    expect(await adviser.getByText('Units of alcohol a week', { exact: false }).count()).toBe(0);
    await screenshot(adviser, 'private-health-06-adviser-progress');

    // Ada checks, declares and submits.
    const summary = client.getByRole('button', { name: 'Check and submit' });
    await eventually(async () => expect(await summary.isEnabled()).toBe(true), 20_000);
    await summary.click();
    await visible(client.getByRole('region', { name: 'The answers given' }));
    await client.getByRole('checkbox', { name: 'I have read and accept the declaration' }).click();
    await visible(client.getByText('You have read and accepted the declaration.'));
    await screenshot(client, 'private-health-07-client-declared');
    await client.getByRole('button', { name: 'Submit my answers' }).click();
    await visible(client.getByText(/You submitted your answers on/));
    await screenshot(client, 'private-health-08-client-submitted');

    // The adviser sees her answers and closes the enquiry as if they had typed them.
    await adviser.reload();
    await visible(adviser.getByText(/answered these questions privately in the client portal and submitted them/));
    await adviser.getByRole('button', { name: 'Summary and declaration' }).click();
    await visible(adviser.getByText('Ada Byron has read and accepted the post-underwriting declaration'));
    await screenshot(adviser, 'private-health-09-adviser-answers');
    await adviser.getByRole('button', { name: 'Close enquiry' }).click();
    await visible(adviser.getByText('Enquiry closed'));
    await visible(adviser.getByText('Every client’s interview is closed.'));
    await screenshot(adviser, 'private-health-10-adviser-closed');
  });
});
