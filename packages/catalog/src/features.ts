import { PROFILES } from './profiles.ts';

/** The feature that lets a user run jobs of client_local profiles on their own device (ADR 0023). */
export const CLIENT_LOCAL_FEATURE = 'jobs.client_local';

/**
 * Feature flags an operator can grant to a user. Internal profiles contribute theirs, so
 * a new internal profile is grantable without touching this list.
 */
const OTHER_FEATURES: Record<string, string> = {
  [CLIENT_LOCAL_FEATURE]: "Run jobs of client_local profiles on the user's device.",
};

export const FEATURES: Readonly<Record<string, string>> = Object.freeze({
  ...Object.fromEntries(
    PROFILES.filter((p) => p.featureKey !== null).map((p) => [
      p.featureKey!,
      `Use the internal ${p.displayName} profile.`,
    ]),
  ),
  ...OTHER_FEATURES,
});

export function isKnownFeature(key: string): boolean {
  return Object.hasOwn(FEATURES, key);
}
