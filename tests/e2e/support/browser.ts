// The end-to-end tests' browser (launchChromium of @tp/testing: Debian's Chromium through
// playwright-core). Pages are checked with axe-core, evaluated in the page over the DevTools protocol (the app's
// Content-Security-Policy stays on: it allows no injected script tag).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export { launchChromium } from '@tp/testing';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** axe-core's serious and critical violations on the page as it is now (WCAG 2 A and AA rules). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const violations = (await page.evaluate(
    `(() => { ${AXE_SOURCE}; return axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'best-practice'] }); })()`,
  )) as { violations: AxeViolation[] };
  return violations.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A violation list in words, for an assertion's message. */
export const described = (violations: AxeViolation[]) =>
  violations
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`)
    .join('\n');
