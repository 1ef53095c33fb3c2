import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { eventually, launchBrowser, screenshot, visible, type Browser } from './browser';
import { addClient, addCover, pick, signInAtDevIdp } from './steps';

const baseUrl = inject('baseUrl');
const SHARED = 'Both clients have the same email address, so they would share an account';

/** Types the email and its confirmation, leaving the confirmation so the email is checked. */
async function email(card: Locator, address: string): Promise<void> {
  await card.getByLabel('Email address', { exact: true }).fill(address);
  await card.getByLabel('Confirm email address').fill(address);
}

async function save(page: Page, card: Locator): Promise<void> {
  await card.getByRole('button', { name: 'Save contact details' }).click();
  await visible(page.getByText('Contact details saved').last());
}

let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await browser.close();
});

describe('contact details and applying', () => {
  it('fills contact details for two clients (a looked-up address, a shared one), fixes a shared email, accepts the declarations and applies', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/v2/`);
    await signInAtDevIdp(page);
    await page.waitForURL(/\/v2\/dashboard$/);
    await page.getByRole('button', { name: 'Create a new application' }).click();
    await page.waitForURL(/\/v2\/application\/\d+\/client-details$/);

    await addClient(page, { region: 'Client 1', title: 'Mr', firstName: 'Alan', lastName: 'Turing', gender: 'Male', dateOfBirth: '23/06/1985' });
    await page.getByRole('button', { name: /Add a client/ }).click();
    await addClient(page, { region: 'Client 2', title: 'Mrs', firstName: 'Ada', lastName: 'Turing', gender: 'Female', dateOfBirth: '10/12/1988' });
    await page.getByRole('button', { name: /Continue to quote/ }).click();
    await page.waitForURL(/\/quote$/);
    for (const client of ['Alan Turing', 'Ada Turing']) {
      await addCover(page, client, 'Life Protection', async (drawer) => {
        await pick(page, drawer, 'Structure', 'Level');
        await drawer.getByLabel('Cover amount').fill('200000');
        await drawer.getByLabel('Term (years)').fill('25');
        await screenshot(page, `contact-00-cover-drawer-${client}`);
      });
    }
    await visible(page.getByRole('complementary', { name: 'Total a month' }).getByText(/^£[\d,]+\.\d{2} a month$/).first());
    await page.getByRole('button', { name: /Continue to contact details/ }).click();
    await page.waitForURL(/\/contact-details$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Contact details' }));

    // Applying too soon lists what is missing; focus goes to the list, and each item to its field.
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    const summary = page.getByRole('region', { name: 'The application can’t be submitted yet' });
    await visible(summary);
    await eventually(async () => expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('The application can’t be submitted yet'));
    await screenshot(page, 'contact-00-apply-too-early');
    await summary.getByRole('link', { name: /^Please say whether the cover is for a mortgage/ }).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('radio');
    await screenshot(page, 'contact-00-apply-problems');

    // Client 1: email, phone, and the address found by postcode in the sample gazetteer.
    const first = page.getByRole('region', { name: 'Client 1' });
    await email(first, 'alan.turing@example.com');
    await first.getByLabel('Telephone').fill('0113 496 0000');
    await first.getByLabel('Postcode').fill('ls6 3qj');
    await first.getByRole('button', { name: 'Find address' }).click();
    await visible(first.getByText(/addresses found$/));
    await visible(first.getByText('Sample addresses – not real address data'));
    await first.getByLabel('Choose the address').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    expect(await first.getByLabel('Address line 1').inputValue()).not.toBe('');
    expect(await first.getByLabel('City').inputValue()).toBe('LEEDS');
    expect(await first.getByLabel('Postcode').inputValue()).toBe('LS6 3QJ');
    await save(page, first);

    // Client 2 first types Alan's email (in capitals): the page warns they would share an account.
    const second = page.getByRole('region', { name: 'Client 2' });
    await email(second, 'ALAN.TURING@example.com');
    await visible(page.getByText(SHARED));
    await screenshot(page, 'contact-01-shared-email-warning');
    await email(second, 'ada.turing@example.com');
    await page.getByText(SHARED).waitFor({ state: 'detached' });
    await second.getByLabel('Telephone').fill('07700 900123');
    await second.getByRole('checkbox', { name: 'Lives at the same address as Client 1' }).check();
    await visible(second.getByText(/Client 1’s address/));
    // Saved on the server before the card is saved (a busy machine answers later than a click).
    await visible(page.getByText('Now using Client 1’s address'));
    await save(page, second);

    // The sale questions, then each client's declaration.
    const questions = page.getByRole('region', { name: 'The application' });
    // Each answer is saved as it is given and shown once the server has it.
    for (const question of ['Is the cover for a mortgage?', 'Is this an advised sale?']) {
      const yes = questions.getByRole('radiogroup', { name: question }).getByRole('radio', { name: 'Yes' });
      await yes.click();
      await expect.poll(() => yes.isChecked(), { timeout: 20_000 }).toBe(true);
    }
    const declaration = page.getByRole('region', { name: 'Declaration' });
    for (const client of ['Client 1', 'Client 2']) {
      const box = declaration.getByRole('checkbox', { name: `${client} has read and accepts the pre-underwriting declaration` });
      await box.click();
      await visible(declaration.getByText(`${client} has read and accepted the pre-underwriting declaration`), 20_000);
    }
    await screenshot(page, 'contact-02-ready-to-apply');

    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    // The confirmation opens the page, where the adviser is looking, with the next step: the
    // interviews; the stage tag says so too (AJ16, AJ18).
    const submitted = page.getByRole('heading', { level: 2, name: 'Application submitted' });
    await visible(submitted);
    await eventually(async () => expect(await submitted.evaluate((heading) => heading === document.activeElement)).toBe(true));
    await visible(page.getByText('This application has been applied for, so its answers and declarations can no longer be changed.'));
    await visible(page.locator('.page-header').getByText('Interviews', { exact: true }));
    const top = await submitted.boundingBox();
    const firstClient = await page.getByRole('region', { name: 'Client 1' }).boundingBox();
    expect(top && firstClient && top.y < firstClient.y).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'contact-03-applied');
    await page.getByRole('button', { name: 'Start the clients’ interviews' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Application (underwriting)' }));
    await visible(page.getByRole('tab', { name: /· not started$/ }).first());
  });
});
