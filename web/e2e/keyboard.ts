/**
 * Driving a page with the keyboard alone (WCAG 2.1.1), for the browser tests that do: Tab and
 * Shift+Tab to a control, checking at each press that focus shows (2.4.7) and is not under the
 * header (2.4.11); a new page's heading taking focus; a select's option chosen by arrows.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { eventually, settled, visible } from './browser';

/** More presses than any page here needs between one control and the next. */
export const MAX_PRESSES = 60;

/**
 * How the focused element shows it has focus, or null when nothing shows: an outline, or a ring
 * (a box-shadow with no offset or blur), on the element or on the frame of the field it is part of
 * (antd draws a radio's or a checkbox's focus on the box beside its hidden input, a number's on
 * its wrapper, a select's on the select).
 */
async function focusIndicator(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body) return null;
    // The element, the few wrappers antd draws a field's frame on, and a radio's, checkbox's or
    // select's drawn box.
    const candidates: HTMLElement[] = [active];
    for (let parent = active.parentElement, level = 0; parent && level < 3; parent = parent.parentElement, level += 1) candidates.push(parent);
    const control = active.closest('.ant-radio-wrapper, .ant-checkbox-wrapper, .ant-select');
    if (control) candidates.push(...Array.from(control.querySelectorAll<HTMLElement>('.ant-radio-inner, .ant-checkbox-inner, .ant-select-selector')));
    for (const element of candidates) {
      const style = getComputedStyle(element);
      const transparent = /transparent|rgba\([^)]*,\s*0\)/.test(style.outlineColor);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1 && !transparent) {
        return `outline ${style.outlineWidth} ${style.outlineColor}`;
      }
      const ring = /(rgba?\([^)]*\))\s+0px\s+0px\s+0px\s+([\d.]+)px/.exec(style.boxShadow);
      if (ring && parseFloat(ring[2] ?? '0') >= 1) return `ring ${ring[2] ?? ''}px ${ring[1] ?? ''}`;
    }
    return null;
  });
}

/** The focused element, as a person would name it in a failure message. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement)) return 'nothing';
    const name = active.getAttribute('aria-label') ?? active.id;
    return `${active.outerHTML.slice(0, 200)} ${name} "${active.innerText.slice(0, 40)}"`;
  });
}

/**
 * Whether the focused element is hidden, even in part, under the header: its top edge is
 * above the header's foot and what is drawn there is not the element (a drawer or a dialog is
 * drawn over the header, not under it).
 */
async function underTheHeader(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const active = document.activeElement;
    const header = document.querySelector('.app-header');
    if (!active || !header || header.contains(active)) return false;
    const box = active.getBoundingClientRect();
    if (box.top >= header.getBoundingClientRect().bottom) return false;
    const drawn = document.elementFromPoint(box.left + box.width / 2, Math.max(box.top, 0) + 1);
    return !(drawn && active.contains(drawn));
  });
}

async function expectVisibleFocus(page: Page): Promise<void> {
  // A focus ring fades in: looked at once transitions end.
  await settled(page);
  const where = await focused(page);
  expect(await focusIndicator(page), `no focus indicator on ${where}`).not.toBeNull();
  expect(await underTheHeader(page), `${where} is under the header`).toBe(false);
}

/**
 * Presses `key` (Tab or Shift+Tab) until `target` (or a control inside it, for a group) has
 * focus, checking what each press focuses; no press when the page has already put focus there.
 */
export async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  // A group (of radios, say) is reached when focus is on any control in it.
  const reached = () => target.evaluate((element) => element.contains(document.activeElement));
  if (await reached()) {
    await expectVisibleFocus(page);
    return;
  }
  for (let press = 0; press < MAX_PRESSES; press += 1) {
    await page.keyboard.press(key);
    await expectVisibleFocus(page);
    if (await reached()) return;
  }
  throw new Error(`${String(MAX_PRESSES)} presses of ${key} never reached the target; focus is on ${await focused(page)}`);
}

/** Waits for the new page's h1 to take focus (programmatically: it is not in the tab order). */
export async function expectHeadingFocused(page: Page, name: string): Promise<void> {
  await eventually(async () => {
    const heading = await page.evaluate(() => {
      const active = document.activeElement;
      return active instanceof HTMLHeadingElement ? { level: active.tagName, text: active.textContent, tabIndex: active.tabIndex } : null;
    });
    expect(heading).toEqual({ level: 'H1', text: name, tabIndex: -1 });
  });
}

/** With a select focused: opens its list with the down arrow and moves down it to `option`, then Enter. */
export async function chooseWithArrows(page: Page, option: string): Promise<void> {
  await page.keyboard.press('ArrowDown');
  const active = page.locator('.ant-select-dropdown:visible .ant-select-item-option-active');
  await visible(active);
  for (let press = 0; press < MAX_PRESSES; press += 1) {
    if ((await active.getAttribute('title')) === option) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option ${option}`);
}

/** Whether `target` is the element that has focus. */
export async function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}
