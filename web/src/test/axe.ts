import axe from 'axe-core';

/** The WCAG 2.x A and AA rules (up to 2.2) that issue #15 asks every page to pass. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe-core's WCAG 2.2 A/AA rules on a rendered container and returns the violations.
 *
 * Only `color-contrast` is turned off, and only here in jsdom: jsdom does no layout or
 * painting, so axe cannot work out the colours behind text and that rule cannot give a
 * true answer. Contrast is checked instead by the browser tests (e2e, real Chromium) and
 * by the theme's contrast unit test (src/app/theme.test.ts).
 */
export async function axeViolations(container: Element): Promise<axe.Result[]> {
  const results = await axe.run(container, {
    runOnly: { type: 'tag', values: WCAG_TAGS },
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return results.violations;
}

/** A short, readable account of violations for a failing assertion. */
export function describeViolations(violations: axe.Result[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact ?? 'unknown'}): ${node.html.slice(0, 160)}`),
  );
}
