/**
 * Health questions answered privately, through the real stack in two browsers (issue 35): the
 * adviser sends Ada her underwriting interview; Ada registers in the client portal, confirms her
 * case, finds the questions on her home and gives every answer on her page, with the interview's
 * own fields: the first two sections at a desk with the mouse, the other four later on a phone
 * (375 px wide) with the keyboard alone (Tab, Shift+Tab, Space, Enter, arrows and typing; never a
 * click), a condition found by its look-up, and focus shown at every step and never lost to the
 * top of the page. She accepts the declaration and submits. Meanwhile the adviser sees which
 * sections are answered and no answer; once Ada submits, the adviser sees her answers and closes
 * the enquiry as usual. Every page is photographed and checked by axe.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { eventually, launchBrowser, screenshot, visible, type Browser } from './browser';
import { expectHeadingFocused, hasFocus, tabTo } from './keyboard';
import { appliedCase } from './cases';
import { apiCall, signInAtDevIdp } from './steps';

const baseUrl = inject('baseUrl');

/** Ada Byron (born 10 April 1985, `email`) applied for life cover, her interview started; answers the case's id. */
async function interviewStarted(email: string): Promise<{ id: number; ada: string }> {
  const { token, id, applicant: ada } = await appliedCase({ title: 'Ms', firstName: 'Ada', lastName: 'Byron', gender: 'female', dateOfBirth: '1985-04-10', email });
  await apiCall(token, 'POST', `underwriting/${ada}/start`, { answers: [{ tag: 'ENQUIRY_TYPE', value: 'Full' }] });
  return { id, ada };
}

/** Whether the page is no wider than the window: nothing to scroll sideways on a phone. */
async function fitsTheWindow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** Chooses `option` in the radio group named `question`, by mouse, and waits for it to show chosen. */
async function choose(page: Page, question: string | RegExp, option: string): Promise<void> {
  const radio = page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: option, exact: true });
  await radio.click();
  await eventually(async () => expect(await radio.isChecked()).toBe(true));
}

/** Types into the box labelled `label` and leaves it, which saves what was typed. */
async function type(page: Page, label: string, value: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.blur();
}

/** Continue, clicked once the section is complete, shows the next section. */
async function continueByMouse(page: Page, next: string): Promise<void> {
  const carryOn = page.getByRole('button', { name: 'Continue' });
  await eventually(async () => expect(await carryOn.isEnabled()).toBe(true), 20_000);
  await carryOn.click();
  await expectSectionFocused(page, next);
}

/**
 * At a desk, Ada opens her questions from her home and answers About you (her build, in metres
 * and kilograms) and Occupation and earnings (her job found by its look-up) with the mouse; the
 * details her adviser recorded (sex, date of birth, smoking) are shown and not hers to change.
 */
async function answerAtADesk(client: Page, questions: Locator): Promise<void> {
  await questions.click();
  await expectSectionShown(client, 'About you');
  expect(await client.getByRole('radiogroup', { name: 'Sex at birth' }).getByRole('radio', { name: 'Female' }).isDisabled()).toBe(true);
  await choose(client, 'Height in', 'Metres');
  await type(client, 'Height (m)', '1.68');
  await choose(client, 'Weight in', 'Kilograms');
  await type(client, 'Weight (kg)', '62');
  await continueByMouse(client, 'Occupation and earnings');

  const occupation = client.getByRole('combobox', { name: 'Main occupation' });
  await occupation.click();
  await occupation.fill('software');
  await client.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Software developer' }).click();
  await type(client, 'Gross earnings a year (£)', '42000');
  await choose(client, /Does your work involve heights/, 'No');
  // Her earnings shown as money is, once saved.
  await eventually(async () => expect(await client.getByLabel('Gross earnings a year (£)', { exact: true }).inputValue()).toBe('42,000'));
  await eventually(async () => expect(await client.getByText('Saving…').count()).toBe(0));
  await screenshot(client, 'private-health-03a-client-occupation');
  await continueByMouse(client, 'Lifestyle');
}

/** The section's heading is on the page (the first section is shown without taking focus). */
async function expectSectionShown(client: Page, name: string): Promise<void> {
  await visible(client.getByRole('heading', { level: 2, name }));
}

/**
 * Later, on her phone, Ada opens her questions from her home again and answers the other four
 * sections by keyboard alone: Lifestyle (units typed, radios by arrows and Space), Medical history
 * (Yes by an arrow key, the condition found by typing in its look-up and chosen with Enter, its
 * follow-up questions by Space and a typed date), Family history and Your doctor, each Continue
 * taking her to the next section's heading.
 */
async function answerByKeyboard(client: Page, questions: Locator): Promise<void> {
  await tabTo(client, questions);
  await client.keyboard.press('Enter');
  await expectHeadingFocused(client, 'Your health questions');
  // What she answered at her desk is kept: Lifestyle, the first section left, is open to her.
  await tabTo(client, client.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /Lifestyle/ }));
  await client.keyboard.press('Enter');
  await expectSectionFocused(client, 'Lifestyle');

  await tabTo(client, client.getByLabel(/Units of alcohol a week/));
  await client.keyboard.type('6');
  // Leaving the box saves what was typed.
  await chooseRadio(client, client.getByRole('radiogroup', { name: /recreational drug/ }), 'No');
  await chooseRadio(client, client.getByRole('radiogroup', { name: /motor sport/ }), 'No');
  await chooseRadio(client, client.getByRole('radiogroup', { name: /travel outside/ }), 'No');
  expect(await fitsTheWindow(client)).toBe(true);
  await screenshot(client, 'private-health-04-client-answering-375');
  await continueToNextSection(client, 'Medical history');

  // Yes, and the look-up appears.
  await chooseRadio(client, client.getByRole('radiogroup', { name: /have you seen a doctor/ }), 'Yes');
  const conditions = client.getByRole('combobox', { name: /Which conditions\?/ });
  await visible(conditions);
  await tabTo(client, conditions);
  // A word the list does not know: said below the box, no empty list opened (axe checks both).
  await client.keyboard.type('qwxz');
  await visible(client.getByRole('status').filter({ hasText: 'Nothing found; try another word' }));
  expect(await conditions.getAttribute('aria-expanded')).toBe('false');
  await screenshot(client, 'private-health-05a-client-look-up-nothing-found-375');
  // A word many conditions share: the closest eight, in a list that does not scroll.
  await retype(client, 'heart');
  await visible(client.getByRole('status').filter({ hasText: 'The 8 closest are listed' }));
  await eventually(async () => expect(await client.locator('.ant-select-dropdown:visible .ant-select-item-option').count()).toBe(8));
  await screenshot(client, 'private-health-05a-client-look-up-many-375');
  await retype(client, 'blood pressure');
  await chooseFound(client, 'High blood pressure');
  await visible(client.locator('.ant-select-selection-item', { hasText: 'High blood pressure' }));

  // The condition's own questions follow it.
  await chooseRadio(client, client.getByRole('radiogroup', { name: /High blood pressure: is it controlled/ }), 'Yes');
  const diagnosed = client.getByRole('textbox', { name: /High blood pressure: when was it diagnosed/ });
  await typeDate(client, diagnosed, '01/03/2019');
  expect(await fitsTheWindow(client)).toBe(true);
  await screenshot(client, 'private-health-05-client-conditions-375');
  await continueToNextSection(client, 'Family history');

  await chooseRadio(client, client.getByRole('radiogroup', { name: /Before the age of 60/ }), 'No');
  await continueToNextSection(client, 'Your doctor');

  await typeDate(client, client.getByRole('textbox', { name: 'Date you registered with your current GP practice' }), '01/06/2015');
  await chooseRadio(client, client.getByRole('radiogroup', { name: /waiting for any test/ }), 'No');
  await eventually(async () => expect(await client.getByText('Saving…').count()).toBe(0));
  expect(await fitsTheWindow(client)).toBe(true);
  await screenshot(client, 'private-health-05b-client-doctor-375');
}

/**
 * Tabs to a date box, types the date and confirms it with Enter: saved as it is confirmed, and
 * focus stays in the field rather than going back to the top.
 */
async function typeDate(client: Page, field: Locator, date: string): Promise<void> {
  await tabTo(client, field);
  await client.keyboard.type(date);
  await client.keyboard.press('Enter');
  await eventually(async () => expect(await client.getByText('Saving…').count()).toBe(0));
  expect(await hasFocus(field)).toBe(true);
  expect(await field.inputValue()).toBe(date);
}

/**
 * Tabs into a radio group (onto its first radio while none is chosen), moves along it with the
 * down arrow, which chooses as it goes, to `option`, and chooses that with Space if it is not yet.
 */
async function chooseRadio(client: Page, group: Locator, option: string): Promise<void> {
  const radio = group.getByRole('radio', { name: option, exact: true });
  await tabTo(client, group);
  for (let press = 0; press < 10 && !(await hasFocus(radio)); press += 1) await client.keyboard.press('ArrowDown');
  if (!(await radio.isChecked())) await client.keyboard.press('Space');
  await eventually(async () => expect(await radio.isChecked()).toBe(true));
}

/** Continue, once the section is complete, moves on to the next section, its heading focused. */
async function continueToNextSection(client: Page, next: string): Promise<void> {
  const carryOn = client.getByRole('button', { name: 'Continue' });
  await eventually(async () => expect(await carryOn.isEnabled()).toBe(true), 20_000);
  await tabTo(client, carryOn);
  await client.keyboard.press('Enter');
  await expectSectionFocused(client, next);
}

/** Waits for the section's heading (an h2 the page focuses, not in the tab order) to have focus. */
async function expectSectionFocused(client: Page, name: string): Promise<void> {
  await eventually(async () => expect(await hasFocus(client.getByRole('heading', { level: 2, name }))).toBe(true));
}

/** Clears the focused box and types `text` in it. */
async function retype(client: Page, text: string): Promise<void> {
  await client.keyboard.press('Control+A');
  await client.keyboard.press('Backspace');
  await client.keyboard.type(text);
}

/**
 * With the look-up's matches listed, moves down them with the arrow key to the one named
 * `name` and chooses it with Enter, the list photographed (and checked) open on the way.
 */
async function chooseFound(client: Page, name: string): Promise<void> {
  const active = client.locator('.ant-select-dropdown:visible .ant-select-item-option-active');
  await visible(client.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }));
  await screenshot(client, 'private-health-05a-client-conditions-look-up-375');
  for (let press = 0; press < 20; press += 1) {
    if ((await active.textContent())?.startsWith(name)) {
      await client.keyboard.press('Enter');
      await client.keyboard.press('Escape');
      return;
    }
    await client.keyboard.press('ArrowDown');
  }
  throw new Error(`the look-up never offered ${name}`);
}

/** Check and submit, the declaration accepted with Space, then Submit my answers with Enter. */
async function declareAndSubmitByKeyboard(client: Page): Promise<void> {
  const summary = client.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Check and submit' });
  await eventually(async () => expect(await summary.isEnabled()).toBe(true), 20_000);
  await tabTo(client, summary, 'Shift+Tab');
  await client.keyboard.press('Enter');
  await visible(client.getByRole('region', { name: 'The answers given' }));
  await tabTo(client, client.getByRole('checkbox', { name: 'I have read and accept the declaration' }));
  await client.keyboard.press('Space');
  // The box gives way to the statement that it is accepted, which takes focus.
  const accepted = client.getByText('You have read and accepted the declaration.');
  await visible(accepted);
  await eventually(async () => expect(await hasFocus(accepted)).toBe(true));
  expect(await fitsTheWindow(client)).toBe(true);
  await screenshot(client, 'private-health-07-client-declared-375');
  await tabTo(client, client.getByRole('button', { name: 'Submit my answers' }));
  await client.keyboard.press('Enter');
  // The questions give way to what was submitted, read from the top of the page.
  await visible(client.getByText(/You submitted your answers on/));
  await expectHeadingFocused(client, 'Your health questions');
  await screenshot(client, 'private-health-08-client-submitted-375');
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

    // At a desk, Ada answers the first two sections with the mouse.
    await answerAtADesk(client, questions);

    // The adviser sees those two sections answered, the rest to answer, and no answer.
    const progress = adviser.getByRole('list', { name: 'Progress' });
    const section = (name: string) => progress.getByRole('listitem').filter({ hasText: name });
    await eventually(async () => {
      await adviser.reload();
      await visible(progress);
      expect(await section('About you').innerText()).toContain('Answered');
      expect(await section('Occupation and earnings').innerText()).toContain('Answered');
      expect(await section('Lifestyle').innerText()).toContain('To answer');
      expect(await progress.getByText('To answer').count()).toBe(4);
    }, 20_000);
    expect(await adviser.getByText('Software developer').count()).toBe(0);

    // Later, on her phone, she answers the rest by keyboard alone.
    await client.goto(`${baseUrl}/v2/portal/home`);
    await client.setViewportSize({ width: 375, height: 812 });
    await answerByKeyboard(client, questions);
    // The adviser sees every section answered, and still no answer.
    await eventually(async () => {
      await adviser.reload();
      await visible(progress);
      expect(await progress.getByText('To answer').count()).toBe(0);
    }, 20_000);
    for (const answer of ['Units of alcohol a week', 'Software developer', 'High blood pressure']) {
      expect(await adviser.getByText(answer, { exact: false }).count()).toBe(0);
    }
    await screenshot(adviser, 'private-health-06-adviser-progress');

    // Ada checks, declares and submits, by keyboard still.
    await declareAndSubmitByKeyboard(client);
    await client.setViewportSize({ width: 1280, height: 900 });

    // The adviser sees her answers and closes the enquiry as if they had typed them.
    await adviser.reload();
    await visible(adviser.getByText(/answered these questions privately in the client portal and submitted them/));
    await adviser.getByRole('button', { name: 'Summary and declaration' }).click();
    await visible(adviser.getByText('Ada Byron has read and accepted the post-underwriting declaration'));
    // Her answers, from both sittings, read back to the adviser as given.
    const readBack = adviser.getByRole('region', { name: 'The answers given' });
    for (const answer of ['Software developer', '£42,000', 'High blood pressure', '01/06/2015']) await visible(readBack.getByText(answer, { exact: true }));
    await screenshot(adviser, 'private-health-09-adviser-answers');
    await adviser.getByRole('button', { name: 'Close enquiry' }).click();
    await visible(adviser.getByText('Enquiry closed'));
    await visible(adviser.getByText('Every client’s interview is closed.'));
    await screenshot(adviser, 'private-health-10-adviser-closed');
  });
});
