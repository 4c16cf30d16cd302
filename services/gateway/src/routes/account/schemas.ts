import { z } from 'zod';
import {
  APP_EXPERIENCE_DEFAULTS,
  APP_EXPERIENCE_LIMITS,
  APP_THEMES,
  INTERFACE_LANGUAGE_PATTERN,
  PROFILES,
} from '@tp/catalog';
import { EXPORT_FORMATS } from '@tp/transcript';
import { timestamp } from '../shared/schemas.ts';

export const FeatureSchema = z
  .object({
    feature_key: z.string(),
    enabled: z.boolean(),
    description: z.string(),
    granted_at: timestamp.nullable(),
  })
  .meta({ id: 'Feature' });

export const FeatureParams = z.object({ feature_key: z.string().min(1).max(100) });

const profileNames = PROFILES.map((p) => p.codename) as [string, ...string[]];
const { minCharsPerEntry, maxCharsPerEntry } = APP_EXPERIENCE_LIMITS;
const d = APP_EXPERIENCE_DEFAULTS;

/** Each preference's schema and description, shared by the answer and the change. */
const preference = {
  default_profile: z.enum(profileNames).meta({
    description: `Profile preselected for new jobs (\`GET /api/v1/models\`); default \`${d.defaultProfile}\`.`,
  }),
  default_export_format: z
    .enum(EXPORT_FORMATS)
    .meta({ description: `Format preselected for exports; default \`${d.defaultExportFormat}\`.` }),
  max_chars_per_entry: z
    .number()
    .int()
    .min(minCharsPerEntry)
    .max(maxCharsPerEntry)
    .meta({
      description: `Cue width of srt and vtt exports, ${minCharsPerEntry} to ${maxCharsPerEntry}; default ${d.maxCharsPerEntry}.`,
    }),
  interface_language: z
    .string()
    .max(35)
    .regex(new RegExp(INTERFACE_LANGUAGE_PATTERN), 'Expected a language tag such as en, pt-BR or zh-Hant-TW')
    .meta({
      description: `Language of the app: a BCP 47 tag (language, optional script and region), stored canonical (\`pt-br\` → \`pt-BR\`); default \`${d.interfaceLanguage}\`.`,
    }),
  theme: z.enum(APP_THEMES).meta({ description: `Colour theme; default \`${d.theme}\`.` }),
  show_timestamps: z
    .boolean()
    .meta({ description: `Whether transcripts show their timestamps; default ${d.showTimestamps}.` }),
};

export const AppExperienceSchema = z
  .object({
    ...preference,
    updated_at: timestamp.nullable().meta({ description: 'The last change; null while every field is its default.' }),
  })
  .meta({ id: 'AppExperiencePreference' });

/** A JSON merge patch (RFC 7396): a field present replaces the value, null resets it to its default. */
export const AccountAppExperienceUpdateRequest = z
  .strictObject(
    Object.fromEntries(Object.entries(preference).map(([key, schema]) => [key, schema.nullable().optional()])) as {
      [K in keyof typeof preference]: z.ZodOptional<z.ZodNullable<(typeof preference)[K]>>;
    },
  )
  .refine((body) => Object.keys(body).length > 0, `Send at least one of ${Object.keys(preference).join(', ')}.`)
  .meta({ id: 'AccountAppExperienceUpdateRequest' });
