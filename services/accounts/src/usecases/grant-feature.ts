import { FEATURES, isKnownFeature } from '@tp/catalog';
import { AppError } from '@tp/errors';
import { featuresChanged } from '../events/account-events.ts';
import type { FeatureStore, UserFeature } from '../store/index.ts';
import { type LookupUserDeps, lookupUser } from './lookup-user.ts';

export interface GrantFeatureDeps extends LookupUserDeps {
  features: Pick<FeatureStore, 'grantFeature'>;
  nudgeOutbox: () => void;
  now: () => Date;
}

/** The operator enables a known feature for the user with this email; granting it again changes nothing. */
export async function grantFeature(
  deps: GrantFeatureDeps,
  { email, featureKey }: { email: string; featureKey: string },
): Promise<UserFeature> {
  if (!isKnownFeature(featureKey)) {
    throw new AppError(
      'bad_request',
      `Unknown feature "${featureKey}". Known features: ${Object.keys(FEATURES).join(', ')}.`,
    );
  }
  const user = await lookupUser(deps, { email });
  const feature = await deps.features.grantFeature(user.id, featureKey, [featuresChanged(user.id, deps.now())]);
  deps.nudgeOutbox();
  return feature;
}
