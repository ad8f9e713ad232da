import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe-core's serious and critical violations on the page as it is now, one line each
 * ("rule (impact): help — selectors"). axe is evaluated through DevTools, which the page's
 * Content-Security-Policy rightly does not allow a <script> tag to do.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const { axe: runner } = window as unknown as { axe: typeof import('axe-core') };
    const results = await runner.run(document, { resultTypes: ['violations'] });
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => {
        const targets = violation.nodes.slice(0, 4).map((node) => node.target.join(' '));
        return `${violation.id} (${violation.impact}): ${violation.help} — ${targets.join(', ')}`;
      });
  });
}
