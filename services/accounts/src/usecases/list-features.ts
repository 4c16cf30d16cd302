import type { FeatureStore, UserFeature } from '../store/index.ts';

export interface ListFeaturesDeps {
  features: Pick<FeatureStore, 'listFeatures'>;
}

/** The features enabled for a user, by key. */
export async function listFeatures(deps: ListFeaturesDeps, { userId }: { userId: string }): Promise<UserFeature[]> {
  return deps.features.listFeatures(userId);
}
