// The end-to-end tests' browser (launchChromium of @tp/testing: Debian's Chromium through
// playwright-core). Pages are checked with axe-core, evaluated in the page over the DevTools protocol (the app's
// Content-Security-Policy stays on: it allows no injected script tag).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { Fleet } from '@tp/testing';

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

/** Fails with the violations in words when axe-core finds a serious one on the page as it is now. */
export async function assertAccessible(page: Page, what: string): Promise<void> {
  const violations = await seriousViolations(page);
  assert.deepEqual(violations, [], `${what}:\n${described(violations)}`);
}

/** The app's user of a web test: made by the operator's tool with a password, as a person signs up. */
export const WEB_USER = { email: 'grace@example.com', password: 'a long enough password' };

export async function createWebUser(fleet: Fleet, user = WEB_USER): Promise<void> {
  const created = await fleet.tsctl('users', 'create', '--email', user.email, '--password', user.password);
  assert.equal(created.code, 0, created.stderr);
}

/** Signs in through the app's form, as a person does, and waits until the app says who is signed in. */
export async function signIn(page: Page, fleet: Fleet, device = 'laptop', user = WEB_USER): Promise<void> {
  await page.goto(`${fleet.gatewayUrl}/app/`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByLabel('Device name').fill(device);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(`Signed in as ${user.email}`).waitFor();
}
