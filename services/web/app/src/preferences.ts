// The Preferences form (GET/PATCH /account/app-experience, ADR 0018). Pure: the form's values and the patch it sends.
import type { AppExperience, AppExperienceChanges } from './api/schema.ts';

export type { AppExperience };

export const THEMES = ['system', 'light', 'dark'] as const satisfies readonly AppExperience['theme'][];
export type Theme = (typeof THEMES)[number];

/** What the form holds: what the person typed, a number field as its text. */
export interface PreferenceValues {
  default_profile: string;
  default_export_format: string;
  max_chars_per_entry: string;
  interface_language: string;
  theme: Theme;
  show_timestamps: boolean;
}

export type PreferenceField = keyof PreferenceValues;

export function formValues(saved: AppExperience): PreferenceValues {
  return {
    default_profile: saved.default_profile,
    default_export_format: saved.default_export_format,
    max_chars_per_entry: String(saved.max_chars_per_entry),
    interface_language: saved.interface_language,
    theme: saved.theme,
    show_timestamps: saved.show_timestamps,
  };
}

/**
 * The merge patch of PATCH /account/app-experience: the fields that differ from what is saved, as
 * typed. The API judges them and says what is wrong, so a field is sent even where its type says
 * otherwise: a number field that is not a number goes as its text, for the API's message to name it.
 */
export function preferenceChanges(values: PreferenceValues, saved: AppExperience): AppExperienceChanges {
  const before = formValues(saved);
  const changes: Record<string, unknown> = {};
  for (const field of Object.keys(values) as PreferenceField[]) {
    if (values[field] === before[field]) continue;
    if (field === 'max_chars_per_entry') {
      const text = values[field].trim();
      changes[field] = text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
    } else changes[field] = field === 'interface_language' ? values[field].trim() : values[field];
  }
  return changes as AppExperienceChanges;
}
