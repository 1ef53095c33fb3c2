/**
 * The journey from sign-in to a priced quote, and asking Underwriting Qi about a client, with the
 * keyboard alone (WCAG 2.1.1): Tab, Shift+Tab,
 * Enter, Space, the arrow keys and typing, never a click or a fill. Every element Tab reaches
 * shows that it has focus (2.4.7) and is not under the header (2.4.11); each new page puts
 * focus on its heading, so reading and tabbing start at the top of it.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { eventually, launchBrowser, screenshot, visible, type Browser } from './browser';
import { chooseWithArrows, expectHeadingFocused, tabTo } from './keyboard';
import { ADVISER } from './steps';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await browser.close();
});

describe('keyboard only', () => {
  it('signs in and takes a client from Create to a priced quote with Tab, Enter, Space, arrows and typing, focus always shown and each page starting at its heading', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/v2/`);

    // Sign-in: the email box has focus as the page opens.
    await page.waitForURL(/\/dev-idp\/authorize/);
    await visible(page.getByLabel('Email'));
    await eventually(async () => expect(await page.evaluate(() => document.activeElement?.id)).toBe('email'));
    await page.keyboard.type(ADVISER.email);
    await tabTo(page, page.getByLabel('Password'));
    await page.keyboard.type(ADVISER.password);
    await page.keyboard.press('Enter');

    // Dashboard: focus on its heading, then forward to "Create a new application".
    await page.waitForURL(/\/v2\/dashboard$/);
    await expectHeadingFocused(page, 'Dashboard');
    await tabTo(page, page.getByRole('button', { name: 'Create a new application' }));
    await screenshot(page, 'keyboard-01-dashboard-create-focused');
    await page.keyboard.press('Enter');

    // Client details: title by arrows, names typed, gender and smoking by Space and arrows.
    await page.waitForURL(/\/v2\/application\/\d+\/client-details$/);
    await expectHeadingFocused(page, 'Client details');
    const card = page.getByRole('region', { name: 'Client 1' });
    await tabTo(page, card.getByRole('combobox', { name: 'Title' }));
    await chooseWithArrows(page, 'Mr');
    await tabTo(page, card.getByLabel('First name'));
    await page.keyboard.type('Alan');
    await tabTo(page, card.getByLabel('Last name'));
    await page.keyboard.type('Turing');
    // Tab stops on a group's first radio; the arrow keys move along it and choose.
    await tabTo(page, card.getByRole('radio', { name: 'Male', exact: true }));
    await page.keyboard.press('ArrowRight');
    expect(await card.getByRole('radio', { name: 'Female', exact: true }).isChecked()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await card.getByRole('radio', { name: 'Male', exact: true }).isChecked()).toBe(true);
    await tabTo(page, card.getByLabel('Date of birth'));
    await page.keyboard.type('23/06/1985');
    await page.keyboard.press('Enter');
    await tabTo(page, card.getByRole('radio', { name: 'None in 5 years' }));
    await page.keyboard.press('Space');
    expect(await card.getByRole('radio', { name: 'None in 5 years' }).isChecked()).toBe(true);
    // Back a step with Shift+Tab: the date of birth, as typed.
    await tabTo(page, card.getByLabel('Date of birth'), 'Shift+Tab');
    expect(await card.getByLabel('Date of birth').inputValue()).toBe('23/06/1985');
    await tabTo(page, card.getByRole('button', { name: 'Add client' }));
    await screenshot(page, 'keyboard-02-client-ready-to-add');
    await page.keyboard.press('Enter');
    await visible(card.getByText(/^Age \d+$/));
    // The form gives way to the client's card, and focus to its heading rather than to the page.
    await eventually(async () => expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Client 1'));

    await tabTo(page, page.getByRole('button', { name: /Continue to quote/ }));
    await page.keyboard.press('Enter');

    // Quote: a life cover added in the drawer, which takes focus and hands it back when closed.
    await page.waitForURL(/\/quote$/);
    await expectHeadingFocused(page, 'Quote');
    const client = page.getByRole('region', { name: 'Alan Turing' });
    const addCover = client.getByRole('button', { name: 'Add cover for Alan Turing' });
    await tabTo(page, addCover);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Add cover for Alan Turing' });
    await visible(drawer);
    await tabTo(page, drawer.getByRole('combobox', { name: 'Product' }));
    await chooseWithArrows(page, 'Life Protection');
    await tabTo(page, drawer.getByRole('combobox', { name: 'Structure' }));
    await chooseWithArrows(page, 'Level');
    await tabTo(page, drawer.getByLabel('Cover amount'));
    await page.keyboard.type('250000');
    await tabTo(page, drawer.getByLabel('Term (years)'));
    await page.keyboard.type('25');
    await screenshot(page, 'keyboard-03-cover-drawer');
    await tabTo(page, drawer.getByRole('button', { name: 'Add cover' }));
    await page.keyboard.press('Enter');
    await drawer.waitFor({ state: 'hidden' });
    await visible(client.getByRole('listitem', { name: 'Life Protection' }));

    // Priced: the total a month, with focus still on the page and shown.
    const total = page.getByRole('complementary', { name: 'Total a month' }).getByText(/^£[\d,]+\.\d{2} a month$/);
    await visible(total);
    // The button is disabled while the price is worked out; back to it once it can be used.
    await eventually(async () => expect(await addCover.isEnabled()).toBe(true));
    await tabTo(page, addCover, 'Shift+Tab');
    await screenshot(page, 'keyboard-04-priced');
  });

  it('asks Qi about a client with the keyboard alone: the client, their height, weight and occupation from the interview’s own questions, and on to the conditions', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/v2/underwriting-qi`);
    await page.waitForURL(/\/dev-idp\/authorize/);
    await visible(page.getByLabel('Email'));
    await eventually(async () => expect(await page.evaluate(() => document.activeElement?.id)).toBe('email'));
    await page.keyboard.type(ADVISER.email);
    await tabTo(page, page.getByLabel('Password'));
    await page.keyboard.type(ADVISER.password);
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/v2\/underwriting-qi$/);
    await expectHeadingFocused(page, 'Underwriting Qi');
    await tabTo(page, page.getByRole('button', { name: 'Ask Qi for a new client' }));
    await page.keyboard.press('Enter');

    // The client: names typed, sex at birth by the arrows, the date typed, smoking by Space.
    const details = page.locator('.ant-card', { has: page.getByRole('heading', { name: 'Client details', exact: true }) });
    await tabTo(page, details.getByLabel('First name'));
    await page.keyboard.type('Ada');
    await tabTo(page, details.getByLabel('Last name'));
    await page.keyboard.type('Keys');
    await tabTo(page, details.getByRole('radio', { name: 'Male', exact: true }));
    await page.keyboard.press('ArrowRight');
    expect(await details.getByRole('radio', { name: 'Female', exact: true }).isChecked()).toBe(true);
    await tabTo(page, details.getByLabel('Date of birth'));
    await page.keyboard.type('10/12/1988');
    await page.keyboard.press('Enter');
    await tabTo(page, details.getByRole('radio', { name: 'None in 5 years' }));
    await page.keyboard.press('Space');
    await tabTo(page, details.getByRole('button', { name: 'Save and ask the next questions' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/v2\/underwriting-qi\/[^/]+\/client-details$/);

    // The interview's questions about the client, by the same keys.
    const about = page.locator('.ant-card', { has: page.getByRole('heading', { name: 'About the client', exact: true }) });
    await visible(about);
    await tabTo(page, about.getByRole('radio', { name: 'Metres', exact: true }));
    await page.keyboard.press('Space');
    await tabTo(page, about.getByLabel('Height (m)', { exact: true }));
    await page.keyboard.type('1.68');
    await tabTo(page, about.getByRole('radio', { name: 'Kilograms', exact: true }));
    await page.keyboard.press('Space');
    await tabTo(page, about.getByLabel('Weight (kg)', { exact: true }));
    await page.keyboard.type('61');
    const occupation = about.getByRole('combobox', { name: 'Main occupation' });
    await tabTo(page, occupation);
    await page.keyboard.type('software');
    await visible(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Software developer' }));
    await page.keyboard.press('Enter');
    await visible(about.locator('.ant-select-selection-item', { hasText: 'Software developer' }));
    await tabTo(page, about.getByLabel('Gross earnings a year (£)', { exact: true }));
    await page.keyboard.type('52000');
    // "Yes" first, then "No" (AJ6): Tab stops on the group, the arrow chooses No, saved at once.
    const duties = about.getByRole('radiogroup', { name: /heights over 12 metres/ });
    await tabTo(page, duties.getByRole('radio', { name: 'Yes', exact: true }));
    await page.keyboard.press('ArrowRight');
    await eventually(async () => expect(await duties.getByRole('radio', { name: 'No', exact: true }).isChecked()).toBe(true));
    await page.getByText('Saving…').waitFor({ state: 'detached' });

    const toConditions = page.getByRole('button', { name: 'Continue to Conditions' });
    await eventually(async () => expect(await toConditions.isEnabled()).toBe(true));
    await tabTo(page, toConditions);
    await screenshot(page, 'keyboard-05-qi-client-details');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/conditions$/);
    await visible(page.locator('.ant-card', { has: page.getByRole('heading', { name: 'Lifestyle', exact: true }) }));
  });
});
