/**
 * The app-experience preferences of a user (ADR 0018): what each one may hold and what it
 * is until the user chooses. Accounts stores and checks them; the gateway validates requests with
 * the same values. Export settings take their formats and bounds from @tp/transcript's converters.
 */
import { DEFAULT_EXPORT_OPTIONS, EXPORT_FORMATS, EXPORT_LIMITS, type ExportFormat } from '@tp/transcript';
import { PROFILES } from './profiles.ts';

export const APP_THEMES = ['system', 'light', 'dark'] as const;
export type AppTheme = (typeof APP_THEMES)[number];

/**
 * An interface language: a BCP 47 language tag of language, optional script and optional region
 * (`en`, `pt-BR`, `zh-Hant-TW`, `es-419`), any letter case; stored in its canonical form.
 */
export const INTERFACE_LANGUAGE_PATTERN = '^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?$';
const INTERFACE_LANGUAGE = new RegExp(INTERFACE_LANGUAGE_PATTERN);

export interface AppExperience {
  /** Profile codename preselected for new jobs. */
  defaultProfile: string;
  defaultExportFormat: ExportFormat;
  /** Cue width of srt and vtt exports, within the converters' bounds. */
  maxCharsPerEntry: number;
  interfaceLanguage: string;
  theme: AppTheme;
  /** Whether transcripts are shown with their timestamps. */
  showTimestamps: boolean;
}

export type AppExperienceField = keyof AppExperience;

/** What a user who never chose sees; a reset field takes its default again. */
export const APP_EXPERIENCE_DEFAULTS: Readonly<AppExperience> = Object.freeze({
  defaultProfile: 'oracle',
  defaultExportFormat: 'json',
  maxCharsPerEntry: DEFAULT_EXPORT_OPTIONS.maxCharsPerEntry,
  interfaceLanguage: 'en',
  theme: 'system',
  showTimestamps: true,
});

export const APP_EXPERIENCE_FIELDS = Object.keys(APP_EXPERIENCE_DEFAULTS) as AppExperienceField[];

/** Bounds of `maxCharsPerEntry`: those of the export option it feeds. */
export const APP_EXPERIENCE_LIMITS = EXPORT_LIMITS;

/** The canonical form of an interface language (`PT-br` → `pt-BR`), or null when it is not one. */
export function canonicalInterfaceLanguage(value: string): string | null {
  if (!INTERFACE_LANGUAGE.test(value)) return null;
  try {
    return Intl.getCanonicalLocales(value)[0] ?? null;
  } catch {
    return null;
  }
}

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/**
 * Why `value` cannot be the preference `field`, or null when it can. A profile must exist here;
 * whether the user may use an internal one is the caller's check (it knows the user's features).
 */
export function appExperienceProblem(field: AppExperienceField, value: unknown): string | null {
  switch (field) {
    case 'defaultProfile':
      return PROFILES.some((p) => p.codename === value) ? null : 'an unknown profile';
    case 'defaultExportFormat':
      return isOneOf(EXPORT_FORMATS, value) ? null : `not one of ${EXPORT_FORMATS.join(', ')}`;
    case 'maxCharsPerEntry':
      return Number.isInteger(value) &&
        (value as number) >= EXPORT_LIMITS.minCharsPerEntry &&
        (value as number) <= EXPORT_LIMITS.maxCharsPerEntry
        ? null
        : `not an integer from ${EXPORT_LIMITS.minCharsPerEntry} to ${EXPORT_LIMITS.maxCharsPerEntry}`;
    case 'interfaceLanguage':
      return typeof value === 'string' && canonicalInterfaceLanguage(value) !== null
        ? null
        : 'not a language tag such as en or pt-BR';
    case 'theme':
      return isOneOf(APP_THEMES, value) ? null : `not one of ${APP_THEMES.join(', ')}`;
    case 'showTimestamps':
      return typeof value === 'boolean' ? null : 'not a boolean';
  }
}
