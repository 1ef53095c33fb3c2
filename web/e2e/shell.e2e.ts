/**
 * The portal's shell against the real stack (issue 34): the adviser's menu and footer links with
 * their addresses and new-tab targets, the web chat button disabled with its reason (no one in
 * customer care online), the marketing alert shown, dismissed and still gone after a reload,
 * the menu folded on a phone-sized screen with the dashboard's list scrolling sideways by keyboard,
 * and customer care's own page. Each page is checked by
 * axe as photographed, and its links are reached with Tab, focus shown.
 */
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { eventually, launchBrowser, screenshot, settled, visible, type Browser } from './browser';
import { signInAtDevIdp } from './steps';

const baseUrl = inject('baseUrl');
const MAX_PRESSES = 40;
const ALERT_TITLE = 'Underwriting Qi: terms before you quote';

let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await browser.close();
});

async function signIn(page: Page, email: string, landing: RegExp): Promise<void> {
  await page.goto(`${baseUrl}/v2/`);
  await signInAtDevIdp(page, undefined, { email, password: 'Passw0rd!' });
  await page.waitForURL(landing);
}

/** Presses Tab until `target` has focus, and checks the focus can be seen on it. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  const reached = () => target.evaluate((element) => element === document.activeElement);
  for (let press = 0; press < MAX_PRESSES && !(await reached()); press += 1) await page.keyboard.press('Tab');
  expect(await reached(), `Tab never reached ${await target.evaluate((e) => e.outerHTML.slice(0, 120))}`).toBe(true);
  await settled(page);
  const outline = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return element.matches(':focus-visible') && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1 ? style.outlineWidth : null;
  });
  expect(outline, 'focus is shown').not.toBeNull();
}

async function expectNewTab(link: Locator, href: string | RegExp): Promise<void> {
  const actual = await link.getAttribute('href');
  if (typeof href === 'string') expect(actual).toBe(href);
  else expect(actual).toMatch(href);
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
}

describe('the portal shell', () => {
  it('gives an adviser the menu’s four links, the footer’s links and legal words, and web chat disabled with its reason, each link reached by Tab', async () => {
    const { page } = browser;
    await signIn(page, 'adviser1@example.com', /\/v2\/dashboard$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    const footer = page.getByRole('contentinfo');
    const chat = footer.getByRole('button', { name: 'Web chat' });
    // No one in customer care is online (the chat desk is chat.e2e.ts's): why depends on the clock.
    await visible(footer.getByText(/No one in customer care is online just now|Web chat opens at/));
    await screenshot(page, 'shell-01-dashboard');

    const dashboard = menu.getByRole('link', { name: 'Dashboard' });
    const qi = menu.getByRole('link', { name: 'Underwriting Qi' });
    const literature = menu.getByRole('link', { name: 'Literature (opens in a new tab)' });
    const promise = menu.getByRole('link', { name: 'Cover upgrade promise (opens in a new tab)' });
    expect(await dashboard.getAttribute('href')).toBe('/v2/dashboard');
    expect(await qi.getAttribute('href')).toBe('/v2/underwriting-qi');
    await expectNewTab(literature, 'https://www.example.com/advisers/literature');
    // A development portal signs in on the staging identity tenant, whose promise page differs.
    await expectNewTab(promise, 'https://staging.example.com/advisers/cover-upgrade-promise');

    const telephone = footer.getByRole('link', { name: '0808 157 0192' });
    const email = footer.getByRole('link', { name: 'adviser.support@example.com' });
    const linkedIn = footer.getByRole('link', { name: 'LinkedIn (opens in a new tab)' });
    const privacy = footer.getByRole('link', { name: 'Privacy policy (opens in a new tab)' });
    const welcome = footer.getByRole('link', { name: 'Client welcome document (opens in a new tab)' });
    expect(await telephone.getAttribute('href')).toBe('tel:08081570192');
    expect(await email.getAttribute('href')).toBe('mailto:adviser.support@example.com');
    await expectNewTab(linkedIn, 'https://www.linkedin.com/company/example');
    await expectNewTab(privacy, 'https://www.example.com/privacy-policy');
    await expectNewTab(welcome, '/api/v1/backendforfrontend/documents/client-welcome');
    const document = await page.request.get(`${baseUrl}/api/v1/backendforfrontend/documents/client-welcome`);
    expect(document.status()).toBe(200);
    expect(document.headers()['content-type']).toBe('application/pdf');
    await visible(footer.getByText(/regulated by the Financial Conduct Authority/));
    await visible(footer.getByText(`© ${String(new Date().getFullYear())} Protection Life Limited`));

    // No one to answer: the button cannot be pressed, and says why beside it.
    expect(await chat.isDisabled()).toBe(true);
    expect(await chat.getAttribute('aria-describedby')).toBeTruthy();
    const reasonId = (await chat.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${reasonId}"]`).innerText()).toMatch(/^(No one in customer care is online just now|Web chat opens at .+)$/);

    // At 1280 wide the four links, who is signed in and Sign out share the header without overlapping.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByText(/You are working at/).waitFor({ state: 'hidden', timeout: 15_000 });
    const right = async (selector: string) => page.locator(selector).evaluate((element) => element.getBoundingClientRect().right);
    const left = async (selector: string) => page.locator(selector).evaluate((element) => element.getBoundingClientRect().left);
    expect(await right('.app-nav')).toBeLessThanOrEqual(await left('.app-header__user'));
    expect(await right('.app-header__user')).toBeLessThanOrEqual(1280);
    expect(await promise.isVisible()).toBe(true);
    await screenshot(page, 'shell-01b-header-1280');

    // Every link, in order, by Tab alone, focus shown on each.
    await page.locator('.skip-link').focus();
    for (const link of [dashboard, qi, literature, promise, telephone, email, linkedIn, privacy, welcome]) await tabTo(page, link);
  });

  it('shows the marketing alert until the adviser dismisses it, and it stays dismissed after a reload', async () => {
    const { page } = browser;
    await signIn(page, 'adviser2@example.com', /\/v2\/dashboard$/);
    const news = page.getByRole('region', { name: 'News from us' });
    await visible(news.getByText(ALERT_TITLE));
    await screenshot(page, 'shell-02-marketing-alert');

    const dismiss = news.getByRole('button', { name: `Dismiss: ${ALERT_TITLE}` });
    await page.locator('.skip-link').focus();
    await tabTo(page, dismiss);
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await news.count()).toBe(0));
    await screenshot(page, 'shell-03-marketing-alert-dismissed');

    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: 'News from us' }).count()).toBe(0);
  });

  it('folds the menu behind a Menu button on a phone-sized screen, the header within its width, and the dashboard’s list scrolls by keyboard', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'adviser1@example.com', /\/v2\/dashboard$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
    await page.waitForLoadState('networkidle');
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    const toggle = menu.getByRole('button', { name: 'Menu' });
    expect(await menu.getByRole('link', { name: 'Dashboard' }).isVisible()).toBe(false);
    await screenshot(page, 'shell-04-narrow');
    // The header itself fits: nothing in it reaches past the window's right edge.
    const header = page.locator('.app-header');
    expect(await header.evaluate((element) => element.scrollWidth <= window.innerWidth)).toBe(true);
    for (const part of await header.locator('a, button').all()) {
      if (await part.isVisible()) expect((await part.boundingBox())?.x ?? 0).toBeLessThan(390);
    }

    // The dashboard's list is wider than the screen: it scrolls sideways in a box that Tab reaches,
    // focus shown, and the arrow keys scroll.
    const list = page.getByRole('region', { name: 'Applications' });
    expect(await list.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await page.locator('.skip-link').focus();
    await tabTo(page, list);
    await page.keyboard.press('ArrowRight');
    await eventually(async () => expect(await list.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0));

    await page.locator('.skip-link').focus();
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await tabTo(page, menu.getByRole('link', { name: 'Literature (opens in a new tab)' }));
    await screenshot(page, 'shell-05-narrow-menu-open');
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('gives customer care their own page, with no adviser menu and nothing failing', async () => {
    const { page } = browser;
    const failures: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) failures.push(`${String(response.status())} ${response.url()}`);
    });
    await signIn(page, 'cca1@example.com', /\/v2\/customer-care$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Customer care' }));
    await visible(page.getByText('You are signed in as customer care.'));
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'shell-06-customer-care');

    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    // An agent's menu: their case search and the web chats (issue 35).
    expect(await menu.getByRole('link').allInnerTexts()).toEqual(['Customer care', 'Web chats']);
    expect(await page.getByRole('button', { name: 'Web chat' }).count()).toBe(0);
    expect(await page.getByText(/could not be loaded/).count()).toBe(0);
    expect(failures).toEqual([]);

    await page.locator('.skip-link').focus();
    await tabTo(page, page.getByRole('main').getByRole('link', { name: '0808 157 0192' }));
  });
});
