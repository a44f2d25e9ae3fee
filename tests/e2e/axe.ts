/**
 * axe-core, the accessibility engine, run inside a Playwright page: its source is evaluated in the
 * page (no browser extension, nothing downloaded) and `axe.run` scans the document as it is. The
 * app's Content-Security-Policy (`script-src 'self'`) refuses an inline <script>, which is what
 * `page.addScriptTag({ content })` adds; evaluation through the DevTools protocol is not subject
 * to it, and the policy stays exactly as users get it.
 * Only violations of impact serious or critical are returned: those are what the suite forbids.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type AxeCore from 'axe-core';

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  /** The first few offending nodes: CSS selector, then the start of the element's HTML. */
  targets: string[];
}

const FORBIDDEN_IMPACTS = new Set(['serious', 'critical']);
/** How many offending nodes a violation names; the rest are counted. */
const TARGETS_SHOWN = 3;

let axeSource: Promise<string> | undefined;
function loadAxeSource(): Promise<string> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/** The serious and critical violations of the page as it is now ([] when there are none). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(await loadAxeSource());
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof AxeCore }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.map(String).join(' ')}  ${n.html.slice(0, 120)}`),
    }));
  });
  return violations
    .filter((v) => FORBIDDEN_IMPACTS.has(v.impact))
    .map((v) => ({
      ...v,
      targets:
        v.targets.length > TARGETS_SHOWN
          ? [...v.targets.slice(0, TARGETS_SHOWN), `… and ${v.targets.length - TARGETS_SHOWN} more`]
          : v.targets,
    }));
}

/** One line per violation and one per node, for a failing assertion a person can read. */
export function describeViolations(screen: string, violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${screen}: ${v.id} (${v.impact}) ${v.help}\n` +
        v.targets.map((target) => `    ${target}`).join('\n'),
    )
    .join('\n');
}
