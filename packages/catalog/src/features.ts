import { PROFILES } from './profiles.ts';

/**
 * Feature flags an operator can grant to a user. Internal profiles contribute theirs, so
 * a new internal profile is grantable without touching this list.
 */
const OTHER_FEATURES: Record<string, string> = {
  'jobs.client_local': "Run jobs of client_local profiles on the user's device.",
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
