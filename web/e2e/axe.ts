/**
 * axe-core 4 on the page as it stands (WCAG 2.0, 2.1 and 2.2, levels A and AA), run at every
 * page and state the browser tests photograph (see `screenshot`).
 *
 * Each page's violations are printed and written to `test-results/axe.txt`, and a serious or
 * critical one fails the test (issue 15): every page a later change photographs is held to the
 * same. No rule is switched off and no element left out.
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const resultsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'test-results');

export interface Violation {
  rule: string;
  impact: string;
  /** How many elements break the rule. */
  elements: number;
  /** Selectors of the first few of them, to find them by. */
  where: string[];
  /** What axe found wrong with the first of them. */
  why: string;
}

/** The page's violations of the WCAG A and AA rules. */
export async function accessibilityViolations(page: Page): Promise<Violation[]> {
  // Evaluated through the browser's debugging protocol, so the portal's script policy does not
  // stop it (an injected <script> tag would be refused, rightly).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    type Axe = {
      run: (
        context: Document,
        options: unknown,
      ) => Promise<{ violations: { id: string; impact?: string | null; nodes: { target: unknown[]; failureSummary?: string }[] }[] }>;
    };
    const axe = (window as unknown as { axe: Axe }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      elements: v.nodes.length,
      where: v.nodes.slice(0, 3).map((node) => node.target.join(' ')),
      why: (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
    }));
  }, WCAG_AA);
}

/** The impacts that fail a test; moderate and minor ones are listed only. */
const FAILING = new Set(['serious', 'critical']);

/**
 * Prints and records `name`'s violations (one line per page, each rule with its count, where and
 * why), then fails the test on any serious or critical one.
 */
export async function reportAccessibility(page: Page, name: string): Promise<Violation[]> {
  const violations = await accessibilityViolations(page);
  const serious = violations.filter((v) => FAILING.has(v.impact));
  const count = serious.reduce((sum, v) => sum + v.elements, 0);
  const rules = violations.map((v) => `${v.rule} (${v.impact}) x${v.elements} at ${v.where.join(' | ')} [${v.why}]`).join(', ');
  const line = `axe ${name}: ${count} serious or critical${rules ? `: ${rules}` : ''}`;
  console.log(line);
  mkdirSync(resultsDir, { recursive: true });
  appendFileSync(join(resultsDir, 'axe.txt'), `${line}\n`);
  if (count > 0) throw new Error(line);
  return violations;
}
