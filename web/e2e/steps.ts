/** Steps the browser journeys share: signing in at the development identity provider and antd selects. */
import type { Locator, Page } from 'playwright-core';
import { screenshot, visible } from './browser';

export const ADVISER = { email: 'adviser1@example.com', password: 'Passw0rd!' };

export async function signInAtDevIdp(page: Page, shotName?: string): Promise<void> {
  await page.waitForURL(/\/dev-idp\/authorize/);
  await visible(page.getByLabel('Email'));
  if (shotName) await screenshot(page, shotName);
  await page.getByLabel('Email').fill(ADVISER.email);
  await page.getByLabel('Password').fill(ADVISER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens the antd Select labelled `label` inside `scope` and picks the option titled `option`. */
export async function pick(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

export async function pickTitle(page: Page, scope: Locator, title: string): Promise<void> {
  await pick(page, scope, 'Title', title);
}
