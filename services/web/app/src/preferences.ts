// Account preferences as the public API shows them (GET/PATCH /account/app-experience, ADR 0018)
// and the effective features (GET /account/features). Pure: the form's values and the patch it sends.

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export interface AppExperience {
  default_profile: string;
  default_export_format: string;
  max_chars_per_entry: number;
  interface_language: string;
  theme: Theme;
  show_timestamps: boolean;
  updated_at: string | null;
}

export interface Feature {
  feature_key: string;
  enabled: boolean;
  description: string;
  granted_at: string | null;
}

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
 * typed (the API judges them and says what is wrong). A number field that is not a number is sent
 * as its text, so the API's message names it.
 */
export function preferenceChanges(values: PreferenceValues, saved: AppExperience): Record<string, unknown> {
  const before = formValues(saved);
  const changes: Record<string, unknown> = {};
  for (const field of Object.keys(values) as PreferenceField[]) {
    if (values[field] === before[field]) continue;
    if (field === 'max_chars_per_entry') {
      const text = values[field].trim();
      changes[field] = text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
    } else changes[field] = field === 'interface_language' ? values[field].trim() : values[field];
  }
  return changes;
}
