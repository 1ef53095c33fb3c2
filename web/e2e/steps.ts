/** Steps the browser journeys share: signing in at the development identity provider, antd selects and downloads. */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { screenshot, visible } from './browser';

const downloadDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'downloads');

/** Clicks `button` and returns the file the browser saved, with its text as pdftotext reads it. */
export async function download(page: Page, button: Locator): Promise<{ fileName: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const fileName = file.suggestedFilename();
  mkdirSync(downloadDir, { recursive: true });
  const path = join(downloadDir, fileName);
  await file.saveAs(path);
  return { fileName, text: execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }) };
}

export const ADVISER = { email: 'adviser1@example.com', password: 'Passw0rd!' };

/** An access token for a development user, as an integrator gets one (the password grant). */
export async function tokenFor(email: string): Promise<string> {
  const form = new URLSearchParams({ grant_type: 'password', client_id: 'portal-web', username: email, password: 'Passw0rd!' });
  const answer = (await (await fetch(`${inject('baseUrl')}/dev-idp/token`, { method: 'POST', body: form })).json()) as { access_token: string };
  return answer.access_token;
}

/** The API as an integrator (or the earlier pages) drives it, to reach a later stage quickly. */
export async function apiCall(token: string, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${inject('baseUrl')}/api/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${path}: ${String(response.status)} ${JSON.stringify(json)}`);
  return json;
}
export const UNDERWRITER = { email: 'underwriter1@example.com', password: 'Passw0rd!' };

export async function signInAtDevIdp(page: Page, shotName?: string, user: { email: string; password: string } = ADVISER): Promise<void> {
  await page.waitForURL(/\/dev-idp\/authorize/);
  await visible(page.getByLabel('Email'));
  if (shotName) await screenshot(page, shotName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
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

export interface Client {
  region: string;
  title: string;
  firstName: string;
  lastName: string;
  gender: 'Male' | 'Female';
  dateOfBirth: string;
}

export async function addClient(page: Page, client: Client): Promise<void> {
  const card = page.getByRole('region', { name: client.region });
  await visible(card);
  await pickTitle(page, card, client.title);
  await card.getByLabel('First name').fill(client.firstName);
  await card.getByLabel('Last name').fill(client.lastName);
  await card.getByRole('radio', { name: client.gender, exact: true }).check();
  await card.getByLabel('Date of birth').fill(client.dateOfBirth);
  await card.getByLabel('Date of birth').press('Enter');
  await card.getByRole('radio', { name: 'None in 5 years' }).check();
  await card.getByRole('button', { name: 'Add client' }).click();
  await visible(card.getByText(/^Age \d+$/));
}

/** Opens "Add cover" for the client, fills the drawer with `fill`, saves, and waits for the cover in the client's list. */
export async function addCover(page: Page, client: string, product: string, fill: (drawer: Locator) => Promise<void>): Promise<void> {
  const card = page.getByRole('region', { name: client });
  await card.getByRole('button', { name: `Add cover for ${client}` }).click();
  const drawer = page.getByRole('dialog', { name: `Add cover for ${client}` });
  await visible(drawer);
  await pick(page, drawer, 'Product', product);
  await fill(drawer);
  await drawer.getByRole('button', { name: 'Add cover' }).click();
  await drawer.waitFor({ state: 'hidden' });
  await visible(card.getByRole('listitem', { name: product }));
}
