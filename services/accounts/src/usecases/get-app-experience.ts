import { type EffectiveAppExperience, effectiveAppExperience } from '../domain/app-experience.ts';
import type { AppExperienceStore } from '../store/index.ts';
import { choicesOf } from './app-experience-choices.ts';

export interface GetAppExperienceDeps {
  appExperience: Pick<AppExperienceStore, 'findAppExperience'>;
}

/** The user's app-experience preferences, with the defaults where they chose nothing. */
export async function getAppExperience(
  deps: GetAppExperienceDeps,
  { userId }: { userId: string },
): Promise<EffectiveAppExperience> {
  const row = await deps.appExperience.findAppExperience(userId);
  return effectiveAppExperience(row && choicesOf(row), row?.updatedAt ?? null);
}
