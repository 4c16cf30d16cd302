import type { Logger } from '@tp/logging';
import type { BillingClient } from '../clients.ts';
import { DEFAULT_PLAN } from './settings.ts';

export interface PlanDirectoryOptions {
  billing: Pick<BillingClient, 'getProfile'>;
  log: Logger;
  /** How long a user's plan is trusted before billing is asked again. */
  ttlMs: number;
  maxEntries: number;
  /** Deadline of the lookup: a slow billing must not slow every request down. */
  deadlineMs: number;
}

interface Entry {
  plan: Promise<string>;
  expiresAt: number;
}

/** How long the default plan stands in for a user whose plan billing could not say. */
const FAILURE_TTL_MS = 5_000;

/**
 * The plan of each user (billing's profile), cached: a rate limit needs it on every request. When
 * billing does not answer, the user gets the default plan for a few seconds (a limiter must not
 * take the API down with the backend it asks); concurrent requests share one lookup.
 */
export function createPlanDirectory(options: PlanDirectoryOptions) {
  const entries = new Map<string, Entry>();

  function remember(userId: string, plan: Promise<string>, ttlMs: number): void {
    if (entries.size >= options.maxEntries) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(userId, { plan, expiresAt: Date.now() + ttlMs });
  }

  return {
    planOf(userId: string): Promise<string> {
      const cached = entries.get(userId);
      if (cached && cached.expiresAt > Date.now()) return cached.plan;
      const plan = options.billing
        // Asked before the request's own calls, so it names its user itself (billing checks the claim).
        .getProfile({ userId }, { deadlineMs: options.deadlineMs, user: userId })
        .then((profile) => profile.plan || DEFAULT_PLAN)
        .catch((err: unknown) => {
          options.log.warn({ err, userId }, 'plan lookup failed; rate limits of the default plan apply for now');
          remember(userId, Promise.resolve(DEFAULT_PLAN), FAILURE_TTL_MS);
          return DEFAULT_PLAN;
        });
      remember(userId, plan, options.ttlMs);
      return plan;
    },
  };
}

export type PlanDirectory = ReturnType<typeof createPlanDirectory>;
