// The fleet and the browser of tests/e2e/web.test.ts, started once for all its modules: every
// service but the webhook dispatcher (no page sends webhooks), the web app's server behind the
// gateway (/app), one Chromium, and two recordings made with flite while the fleet starts. Each
// module signs in users of its own (their emails are theirs) in browser contexts of its own, so the
// modules run side by side without seeing each other's media, jobs, transcripts, shares, balance or
// devices.
//
// The five files this replaces each started a fleet of their own; their settings are reconciled here:
// - rate limits out of reach (UNREACHED_RATE_LIMITS): the editor, jobs and shares-billing pages and
//   their tests poll under one user; the account and media pages ran with the limits on, but none of
//   their tests expects a 429, so lifting them changes nothing they check;
// - one worker slot, progress every 200 ms (what the Jobs page's tests ran with): its queue test has a
//   long job hold the only slot while three others wait behind it. The editor's and the Shares
//   page's jobs, which ran on one slot per core, wait a few seconds more for their turn;
// - billing's database is the test's own (shares-billing's): its module moves a grant's expiry into
//   the past in it;
// - the account and media pages ran without jobs, the worker and shares: services they do not call
//   do not change what they see.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import {
  createTestDatabase,
  type Fleet,
  startFleet,
  synthesizeSpeech,
  type TestDatabase,
  UNREACHED_RATE_LIMITS,
} from '@tp/testing';
import { FLEET_START } from '../support/fleet-start.ts';
import { createWebUser, launchChromium, signIn, WEB_USER } from '../support/browser.ts';

export interface WebWorld {
  fleet: Fleet;
  browser: Browser;
  /** The app's address behind the gateway. */
  app: string;
  /** Billing's database, owned by the test (shares-billing.ts edits a grant in it). */
  billingDb: TestDatabase;
  dir: string;
  /** 'Open the window and let the fresh air in.' spoken by `slt` (about 3 s, 16 kHz mono WAV). */
  short: string;
  /** 'The quick brown fox jumps over the lazy dog.' in flite's default voice. */
  fox: string;
}

export const world = {} as WebWorld;

export function useWebWorld(): void {
  before(async () => {
    world.dir = await mkdtemp(join(tmpdir(), 'tp-e2e-web-'));
    // The recordings and the browser are made while the fleet starts.
    const recordings = Promise.all([
      synthesizeSpeech('Open the window and let the fresh air in.', { voice: 'slt', dir: world.dir }),
      synthesizeSpeech('The quick brown fox jumps over the lazy dog.', { dir: world.dir }),
    ]);
    const browser = launchChromium();
    world.billingDb = await createTestDatabase({ service: 'billing' });
    world.fleet = await startFleet({
      with: ['web'],
      without: ['webhook-dispatcher'],
      databases: { billing: world.billingDb },
      gatewayEnv: UNREACHED_RATE_LIMITS,
      workerEnv: { WORKER_CONCURRENCY: '1', PROGRESS_INTERVAL_MS: '200' },
    });
    world.app = `${world.fleet.gatewayUrl}/app/`;
    [world.browser, [world.short, world.fox]] = await Promise.all([browser, recordings]);
  }, FLEET_START);

  after(async () => {
    await world.browser?.close();
    await world.fleet?.stop();
    await world.billingDb?.drop();
    if (world.dir) await rm(world.dir, { recursive: true, force: true });
  });
}

/** A person of the app, with the password they sign in with. */
export interface WebUser {
  email: string;
  password: string;
}

/** A user made by the operator's tool with a password, as a person signs up: `<name>@example.com`. */
export async function webUser(name: string): Promise<WebUser> {
  const user = { ...WEB_USER, email: `${name}@example.com` };
  await createWebUser(world.fleet, user);
  return user;
}

/** Credits granted by the operator's tool (more: its further flags, e.g. `--expires-days`). */
export async function grantCredits(user: WebUser, credits: string, reason: string, ...more: string[]): Promise<void> {
  const granted = await world.fleet.tsctl(
    'credits',
    'grant',
    '--email',
    user.email,
    '--credits',
    credits,
    '--reason',
    reason,
    ...more,
  );
  assert.equal(granted.code, 0, granted.stderr);
}

/** An API token of every scope, for the test's own calls beside the page's. */
export async function fullToken(user: WebUser): Promise<string> {
  return (await world.fleet.tsctl('tokens', 'create', '--email', user.email, '--preset', 'full')).stdout.trim();
}

/** A page in a browser context of its own (its storage, session and permissions apart from every other). */
export async function newPage(options: BrowserContextOptions = {}): Promise<Page> {
  return (await world.browser.newContext(options)).newPage();
}

/** Signs `user` in through the app's form on `page`, naming the device, as a person does. */
export const signInAs = (page: Page, user: WebUser, device = 'laptop'): Promise<void> =>
  signIn(page, world.fleet, device, user);
