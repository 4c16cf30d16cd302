import { AppError } from '@tp/errors';
import {
  type AppExperienceChange,
  checkAppExperienceChange,
  type EffectiveAppExperience,
  effectiveAppExperience,
} from '../domain/app-experience.ts';
import type { AppExperienceStore, FeatureStore } from '../store/index.ts';
import { choicesOf } from './app-experience-choices.ts';

export interface UpdateAppExperienceDeps {
  appExperience: Pick<AppExperienceStore, 'updateAppExperience'>;
  features: Pick<FeatureStore, 'listFeatures'>;
  now: () => Date;
}

/**
 * Sets and resets some of the user's preferences (a merge: the others keep their value) and
 * answers them all. Every value is checked first; a profile must be one the user may use.
 */
export async function updateAppExperience(
  deps: UpdateAppExperienceDeps,
  { userId, change }: { userId: string; change: AppExperienceChange },
): Promise<EffectiveAppExperience> {
  const features = new Set((await deps.features.listFeatures(userId)).map((f) => f.featureKey));
  const columns = checkAppExperienceChange(change, features);
  const row = await deps.appExperience.updateAppExperience(userId, columns, deps.now());
  if (!row) throw new AppError('not_found', 'The account was not found.');
  return effectiveAppExperience(choicesOf(row), row.updatedAt);
}
