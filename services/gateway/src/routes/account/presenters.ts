import type { z } from 'zod';
import { FEATURES } from '@tp/catalog';
import type { AppExperience, AppExperienceChanges, Feature } from '@tp/proto';
import { iso } from '../shared/presenters.ts';
import type { AccountAppExperienceUpdateRequest, AppExperienceSchema, FeatureSchema } from './schemas.ts';

/** Every feature of the catalog, enabled where the user holds an enabled grant. */
export function presentEffectiveFeatures(features: Feature[]): z.infer<typeof FeatureSchema>[] {
  const granted = new Map(features.filter((f) => f.enabled).map((f) => [f.featureKey, f]));
  return Object.entries(FEATURES).map(([key, description]) => ({
    feature_key: key,
    enabled: granted.has(key),
    description,
    granted_at: iso(granted.get(key)?.grantedAt),
  }));
}

type AppExperienceJson = z.infer<typeof AppExperienceSchema>;

/** The preferences as accounts answers them (every field, defaults included). */
export function presentAppExperience(p: AppExperience | undefined): AppExperienceJson {
  if (!p) throw new Error('accounts answered no preference');
  return {
    default_profile: p.defaultProfile,
    default_export_format: p.defaultExportFormat as AppExperienceJson['default_export_format'],
    max_chars_per_entry: p.maxCharsPerEntry,
    interface_language: p.interfaceLanguage,
    theme: p.theme as AppExperienceJson['theme'],
    show_timestamps: p.showTimestamps,
    updated_at: iso(p.updatedAt),
  };
}

const CHANGE_FIELDS = {
  default_profile: 'defaultProfile',
  default_export_format: 'defaultExportFormat',
  max_chars_per_entry: 'maxCharsPerEntry',
  interface_language: 'interfaceLanguage',
  theme: 'theme',
  show_timestamps: 'showTimestamps',
} as const satisfies Record<string, keyof AppExperienceChanges>;

/** A merge patch as accounts takes it: the values to set, and the fields (sent as null) to reset. */
export function toAppExperienceChange(body: z.infer<typeof AccountAppExperienceUpdateRequest>): {
  set: AppExperienceChanges;
  reset: string[];
} {
  const set: Record<string, unknown> = {};
  const reset: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (value === null) reset.push(key);
    else set[CHANGE_FIELDS[key as keyof typeof CHANGE_FIELDS]] = value;
  }
  return { set: set as AppExperienceChanges, reset };
}
