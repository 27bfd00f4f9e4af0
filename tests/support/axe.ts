// axe-core in the journeys' Chromium: the page gets axe's own source injected and runs the WCAG
// 2.0 A/AA and 2.1 AA rules; what a person would hit hardest (impact serious or critical) fails.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, Result } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];
const FAILING: readonly ImpactValue[] = ['serious', 'critical'];

/** One serious or critical finding, as the failure message lists it. */
export interface AxeViolation {
  id: string;
  impact: ImpactValue;
  help: string;
  helpUrl: string;
  targets: string[];
}

/** Runs axe on the whole document and returns its serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) =>
      // `axe` is the global the injected source defines.
      (window as unknown as { axe: { run: (o: object) => Promise<AxeResults> } }).axe.run({
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    TAGS,
  );
  return results.violations
    .filter((violation: Result) => violation.impact && FAILING.includes(violation.impact))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'serious',
      help: violation.help,
      helpUrl: violation.helpUrl,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** `[serious] color-contrast: … (help URL)` and the elements, one per line; empty when clean. */
export function formatViolations(where: string, violations: readonly AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${where}: [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.targets.map((target) => `    ${target}`).join('\n'),
    )
    .join('\n');
}
