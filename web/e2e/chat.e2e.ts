/**
 * Web chat against the real stack (issue 35): an agent at the chat desk and an adviser on a case
 * in two browsers; the launcher enabled once the agent is online; messages both ways with the
 * typing and read states; the adviser's connection dropped and the browser offline while both
 * sides write; after reconnecting every message shows once, in order, on both sides. Each page
 * is checked by axe as photographed. The drop is made from outside the page (the socket routed
 * through the test and closed there), so the portal carries no hook for it.
 */
import type { Locator, Page, WebSocketRoute } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { eventually, launchBrowser, screenshot, visible, type Browser } from './browser';
import { apiCall, signInAtDevIdp, tokenFor } from './steps';

const baseUrl = inject('baseUrl');

let agent: Browser;
let adviser: Browser;

beforeEach(async () => {
  agent = await launchBrowser();
  adviser = await launchBrowser();
});

afterEach(async () => {
  await adviser.close();
  await agent.close();
});

async function signIn(page: Page, email: string, landing: RegExp): Promise<void> {
  await page.goto(`${baseUrl}/v2/`);
  await signInAtDevIdp(page, undefined, { email, password: 'Passw0rd!' });
  await page.waitForURL(landing);
}

/** The chat socket of a page, routed through the test: what passes is unchanged, and the test can cut it. */
interface RoutedChatSocket {
  /** How many times the page has opened the chat socket. */
  connections(): number;
  /** Closes the open connection at both ends, as a network failure would. */
  drop(): Promise<void>;
}

/**
 * Routes the page's chat socket (before the page opens it) through playwright: each connection is
 * passed on to the portal, and every frame is forwarded both ways as it is.
 */
async function routeChatSocket(page: Page): Promise<RoutedChatSocket> {
  let open: { page: WebSocketRoute; server: WebSocketRoute } | null = null;
  let connections = 0;
  await page.routeWebSocket(/\/api\/v1\/backendforfrontend\/webchat\/socket\b/, (ws) => {
    open = { page: ws, server: ws.connectToServer() };
    connections += 1;
  });
  return {
    connections: () => connections,
    drop: async () => {
      const sides = open;
      if (!sides) throw new Error('The chat socket is not open: nothing to drop.');
      open = null;
      await sides.server.close({ code: 1001, reason: 'dropped by the test' });
      await sides.page.close({ code: 1001, reason: 'dropped by the test' });
    },
  };
}

/** Writes a message in a conversation's box and sends it with Enter. */
async function write(scope: Locator, text: string): Promise<void> {
  const box = scope.getByLabel('Your message');
  await box.fill(text);
  await box.press('Enter');
}

/** The texts of the messages shown, in order (sent or still sending). */
async function texts(scope: Locator): Promise<string[]> {
  return scope.locator('.chat-message__text').allInnerTexts();
}

describe('web chat', () => {
  it('follows customer care arriving and leaving within seconds on the adviser’s button (issue 50)', async () => {
    const page = adviser.page;
    await signIn(page, 'adviser1@example.com', /\/v2\/dashboard$/);
    const launcher = page.getByRole('contentinfo').getByRole('button', { name: 'Web chat' });
    await eventually(async () => expect(await launcher.isDisabled()).toBe(true), 20_000);

    const desk = agent.page;
    await signIn(desk, 'cca1@example.com', /\/v2\/customer-care$/);
    const arrived = Date.now();
    await desk.goto(`${baseUrl}/v2/customer-care/chats`);
    await visible(desk.getByText('You are online for web chat'));
    await eventually(async () => expect(await launcher.isEnabled()).toBe(true), 10_000);
    console.log(`web chat button enabled ${String((Date.now() - arrived) / 1000)} s after the agent came online`);
    await screenshot(page, 'chat-00a-agent-arrived');

    const left = Date.now();
    await desk.goto(`${baseUrl}/v2/customer-care`);
    await eventually(async () => expect(await launcher.isDisabled()).toBe(true), 10_000);
    console.log(`web chat button disabled ${String((Date.now() - left) / 1000)} s after the agent left`);
    await screenshot(page, 'chat-00b-agent-left');
  });

  it('carries a conversation between an adviser and customer care, through a dropped connection, losing and repeating nothing', async () => {
    const desk = agent.page;
    await signIn(desk, 'cca1@example.com', /\/v2\/customer-care$/);
    await desk.goto(`${baseUrl}/v2/customer-care/chats`);
    await visible(desk.getByRole('heading', { level: 1, name: 'Web chats' }));
    await visible(desk.getByText('You are online for web chat'));
    await screenshot(desk, 'chat-01-desk-empty');

    // The adviser is on a case of theirs when they open the chat.
    const token = await tokenFor('adviser1@example.com');
    const created = await apiCall(token, 'POST', 'backendforfrontend/application/create');
    const applicationId = String(created.id);
    const page = adviser.page;
    const socket = await routeChatSocket(page);
    await signIn(page, 'adviser1@example.com', /\/v2\/dashboard$/);
    await page.goto(`${baseUrl}/v2/application/${applicationId}/client-details`);
    const launcher = page.getByRole('contentinfo').getByRole('button', { name: 'Web chat' });
    await eventually(async () => expect(await launcher.isEnabled()).toBe(true), 20_000);
    await launcher.click();
    const box = page.getByRole('dialog', { name: 'Web chat' });
    await visible(box.getByText(/Ask customer care anything/));
    await eventually(async () => expect(await box.getByText('Connecting to customer care…').count()).toBe(0));
    await write(box, 'Hello, can I backdate the start date?');
    await visible(box.locator('.chat-message[data-state="sent"]'));
    await screenshot(page, 'chat-02-adviser-sent');

    // The desk shows the conversation, with the case the adviser was on; opening it reads it.
    const conversation = desk.getByRole('button', { name: /Priya Shah/ });
    await visible(conversation.getByText(`On case ${applicationId}`));
    await conversation.click();
    const thread = desk.locator('.chat-desk__thread');
    await visible(thread.getByText('Hello, can I backdate the start date?'));
    await visible(box.locator('.chat-message[data-state="read"]'));

    // Typing shows on the other side; the answer arrives.
    await thread.getByLabel('Your message').fill('Yes');
    await visible(box.getByText('Customer care is typing…'));
    await write(thread, 'Yes, by up to 30 days.');
    await visible(box.getByText('Yes, by up to 30 days.'));
    await screenshot(desk, 'chat-03-desk-answering');

    // The adviser's connection drops and the browser goes offline; both sides write meanwhile.
    expect(socket.connections()).toBe(1);
    await adviser.context.setOffline(true);
    await socket.drop();
    await visible(box.getByText(/Reconnecting/));
    await write(box, 'Sent while the connection was down');
    await visible(box.locator('.chat-message[data-state="sending"]'));
    await write(thread, 'Answered while you were away');
    await visible(thread.getByText('Answered while you were away'));
    await screenshot(page, 'chat-04-adviser-reconnecting');

    await adviser.context.setOffline(false);
    await visible(box.getByText('Answered while you were away'), 30_000);
    await eventually(async () => expect(await box.locator('.chat-message[data-state="sending"]').count()).toBe(0), 20_000);
    const expected = [
      'Hello, can I backdate the start date?',
      'Yes, by up to 30 days.',
      'Answered while you were away',
      'Sent while the connection was down',
    ];
    await eventually(async () => expect(await texts(box)).toEqual(expected));
    await eventually(async () => expect(await texts(thread)).toEqual(expected));
    expect(await box.getByText(/Reconnecting/).count()).toBe(0);
    // The messages came over a new connection, not the one dropped.
    expect(socket.connections()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'chat-05-adviser-reconnected');

    // A reload brings today's conversation back from the store, each message once.
    await page.reload();
    await eventually(async () => expect(await launcher.isEnabled()).toBe(true), 20_000);
    await launcher.click();
    await eventually(async () => expect(await texts(box)).toEqual(expected));
    await screenshot(desk, 'chat-06-desk-after');

    // The desk finds the day's transcript by keyboard, the day typed in British order.
    await readTodaysTranscriptByKeyboard(desk, expected);
  });
});

/**
 * Earlier transcripts on the desk, by keyboard only: the day typed as DD/MM/YYYY (the calendar
 * offers no day after today), Show, then the conversation, whose transcript lists `expected`.
 */
async function readTodaysTranscriptByKeyboard(desk: Page, expected: string[]): Promise<void> {
  const now = new Date();
  const ukDay = (date: Date, locale: string) => new Intl.DateTimeFormat(locale, { timeZone: 'Europe/London' }).format(date);
  const today = ukDay(now, 'en-GB');
  const tomorrowIso = ukDay(new Date(now.getTime() + 24 * 3_600_000), 'en-CA');
  const earlier = desk.getByRole('region', { name: 'Earlier transcripts' });
  const day = earlier.getByRole('textbox', { name: 'Day' });
  expect(await day.getAttribute('placeholder')).toBe('DD/MM/YYYY');

  // Tab from the empty message box (Send is disabled) into the day.
  await desk.locator('.chat-desk__thread').getByLabel('Your message').focus();
  await desk.keyboard.press('Tab');
  expect(await day.evaluate((input) => input === document.activeElement)).toBe(true);
  await desk.keyboard.press('ControlOrMeta+A');
  await desk.keyboard.type(today);
  // Typing opens the calendar, where tomorrow cannot be chosen.
  const calendar = desk.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  await visible(calendar);
  expect(await calendar.locator(`td[title="${tomorrowIso}"]`).getAttribute('class')).toContain('ant-picker-cell-disabled');
  await screenshot(desk, 'chat-07-desk-choosing-day');
  await desk.keyboard.press('Enter');
  expect(await day.inputValue()).toBe(today);
  await desk.keyboard.press('Tab');
  expect(await earlier.getByRole('button', { name: 'Show' }).evaluate((button) => button === document.activeElement)).toBe(true);
  await desk.keyboard.press('Enter');

  const conversation = earlier.getByRole('button', { name: /Priya Shah/ });
  await visible(conversation);
  await desk.keyboard.press('Tab');
  expect(await conversation.evaluate((button) => button === document.activeElement)).toBe(true);
  await desk.keyboard.press('Enter');
  const transcript = earlier.getByRole('region', { name: /^Transcript: Priya Shah/ });
  await eventually(async () => expect(await texts(transcript)).toEqual(expected));
  await screenshot(desk, 'chat-08-desk-earlier-transcript');
}
