/** Debian's chromium driven by playwright-core, with a fresh profile per test file. */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { reportAccessibility } from './axe';
import { LAUNCH_OPTIONS } from './chromium.mjs';

const screenshotDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** A Content-Security-Policy violation a page reported: what was refused, by which rule. */
export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
}

/**
 * Every page's CSP violation reports, gathered in the test (issue 34): the browser fires a
 * `securitypolicyviolation` event for each thing the policy refused, and a listener added
 * before any page script runs hands it over. `screenshot` and `close` fail the test on any.
 */
const cspViolations = new WeakMap<BrowserContext, CspViolation[]>();

export async function launchBrowser(): Promise<Browser> {
  // Each test launches its browser: its first step is timed from here.
  lastStep = Date.now();
  const profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(profile, LAUNCH_OPTIONS);
  context.setDefaultTimeout(20_000);
  const violations: CspViolation[] = [];
  cspViolations.set(context, violations);
  await context.exposeBinding('__reportCspViolation', (_source, violation: CspViolation) => {
    violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (v: unknown) => void }).__reportCspViolation;
      report({ page: location.pathname, directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample });
    });
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      assertNoCspViolations(violations);
    },
  };
}

/** The violations reported so far, which then no longer fail the test: for a test that provokes one. */
export function takeCspViolations(context: BrowserContext): CspViolation[] {
  const violations = cspViolations.get(context) ?? [];
  return violations.splice(0, violations.length);
}

function assertNoCspViolations(violations: CspViolation[]): void {
  if (violations.length === 0) return;
  const list = violations.map((v) => `${v.page}: ${v.directive} refused ${v.blocked || 'inline'} ${v.sample}`).join('\n');
  throw new Error(`The Content-Security-Policy refused ${String(violations.length)} thing(s):\n${list}`);
}

/** The longest a page may keep animating before it is photographed and checked anyway. */
const SETTLE_TIMEOUT_MS = 5_000;

/**
 * Waits until every finite CSS transition and animation on the page has ended (the infinite ones,
 * spinners and the loading bar, never do), then two frames more in case one started another. A
 * button that has just been enabled fades from grey to its colours over a fifth of a second:
 * checked half-way, its text has neither colour.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async (timeout) => {
    const deadline = performance.now() + timeout;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (;;) {
      await frame();
      const running = document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
      const left = deadline - performance.now();
      if (running.length === 0 || left <= 0) return;
      await Promise.race([
        Promise.allSettled(running.map((animation) => animation.finished)),
        new Promise((resolve) => setTimeout(resolve, left)),
      ]);
    }
  }, SETTLE_TIMEOUT_MS);
}

/**
 * Keeps a full-page screenshot in web/test-results/screenshots/, and checks the page with
 * axe-core (see `axe.ts`) where the user is, scrolled as the test left it: a serious or critical
 * violation fails the test. Then the page is photographed from the top.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  stepTaken(name);
  mkdirSync(screenshotDir, { recursive: true });
  // Transitions finished first, so neither axe nor the picture catches a colour half-way.
  await settled(page);
  await reportAccessibility(page, name);
  await page.evaluate(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }));
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true, animations: 'disabled' });
  assertNoCspViolations(cspViolations.get(page.context()) ?? []);
}

/**
 * Each journey's steps, timed: every photographed step prints how long it took since the one
 * before, and a wait for something to show that takes longer than an adviser would notice prints
 * what it waited for, so a stall is seen in the run's output even when the test passes.
 */
const NOTICED_MS = 2_000;
let lastStep = Date.now();

function stepTaken(name: string): void {
  const now = Date.now();
  console.log(`step ${name}: ${((now - lastStep) / 1000).toFixed(1)} s`);
  lastStep = now;
}

/** Waits until the locator is visible (playwright-core has no expect of its own). */
export async function visible(locator: Locator, timeout = 20_000): Promise<Locator> {
  const started = Date.now();
  await locator.first().waitFor({ state: 'visible', timeout });
  const waited = Date.now() - started;
  if (waited > NOTICED_MS) console.log(`slow: waited ${(waited / 1000).toFixed(1)} s for ${String(locator)}`);
  return locator;
}

/** Retries an assertion until it passes or the time is up (then throws its last failure). */
export async function eventually(assertion: () => Promise<void>, timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
