// App-experience preferences (ADR 0018): what a user chose, over the defaults; a change is checked
// here whoever sends it.
import {
  APP_EXPERIENCE_DEFAULTS,
  APP_EXPERIENCE_FIELDS,
  type AppExperience,
  type AppExperienceField,
  appExperienceProblem,
  canonicalInterfaceLanguage,
  findProfile,
  isProfileAvailable,
} from '@tp/catalog';
import { AppError } from '@tp/errors';

/** The user's choices: null (or absent) where they chose nothing, so the default applies. */
export type AppExperienceChoices = { [F in AppExperienceField]?: AppExperience[F] | null };

export interface EffectiveAppExperience extends AppExperience {
  /** The last change; null when the user never changed anything. */
  updatedAt: Date | null;
}

/** The preferences the user sees: each choice, or the default where there is none. */
export function effectiveAppExperience(
  choices: AppExperienceChoices | null,
  updatedAt: Date | null,
): EffectiveAppExperience {
  const chosen = Object.fromEntries(
    APP_EXPERIENCE_FIELDS.flatMap((field) => {
      const value = choices?.[field];
      return value === null || value === undefined ? [] : [[field, value]];
    }),
  );
  return { ...APP_EXPERIENCE_DEFAULTS, ...chosen, updatedAt };
}

/** `default_profile` for `defaultProfile`: the name a client knows a field by. */
export const wireNameOf = (field: AppExperienceField): string => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const FIELD_BY_WIRE_NAME = new Map(APP_EXPERIENCE_FIELDS.map((field) => [wireNameOf(field), field]));

const invalid = (field: string, message: string) =>
  new AppError('validation_error', `${field}: ${message}.`, { field });

export interface AppExperienceChange {
  /** New values; absent fields are left as they are. */
  set: Partial<Record<AppExperienceField, unknown>>;
  /** Wire names of the fields that go back to their default. */
  reset: readonly string[];
}

/**
 * The columns a change writes (a value, or null for a reset), each value checked and put in its
 * stored form. A profile must be one the user may use: an internal one without its feature is
 * "unknown", as at job creation. Nothing to change, an unknown field or a field both set and reset
 * is a validation_error naming it.
 */
export function checkAppExperienceChange(
  change: AppExperienceChange,
  features: ReadonlySet<string>,
): AppExperienceChoices {
  const columns: Record<string, unknown> = {};
  for (const name of change.reset) {
    const field = FIELD_BY_WIRE_NAME.get(name);
    if (!field) throw invalid(name.slice(0, 64), 'not a preference');
    columns[field] = null;
  }
  for (const field of APP_EXPERIENCE_FIELDS) {
    const value = change.set[field];
    if (value === undefined) continue;
    if (field in columns) throw invalid(wireNameOf(field), 'both set and reset');
    columns[field] = checkedValue(field, value, features);
  }
  if (Object.keys(columns).length === 0) throw new AppError('validation_error', 'Nothing to change.');
  return columns as AppExperienceChoices;
}

function checkedValue(field: AppExperienceField, value: unknown, features: ReadonlySet<string>): unknown {
  const problem = appExperienceProblem(field, value);
  if (problem) throw invalid(wireNameOf(field), problem);
  if (field === 'interfaceLanguage') return canonicalInterfaceLanguage(value as string);
  if (field === 'defaultProfile' && !isProfileAvailable(findProfile(value as string)!, features))
    throw invalid(wireNameOf(field), 'an unknown profile');
  return value;
}
