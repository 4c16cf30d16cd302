import { z } from 'zod';

export const CapabilitiesSchema = z
  .object({
    languages: z.array(z.string()).meta({
      description: 'ISO 639-1 codes `options.language` may name besides `auto`; empty when the profile is unavailable.',
    }),
    word_timestamps: z.boolean().meta({ description: 'The transcript times every word (JSON export `words`).' }),
    language_detection: z.boolean().meta({
      description:
        "`language: 'auto'` detects the spoken language. False: the engine transcribes its one language and the " +
        'job reports it as assumed (`language_detected: false`), never as a detection.',
    }),
    diarization: z.boolean().meta({ description: 'A job may ask for `options.diarization`.' }),
    translation: z.boolean().meta({ description: 'A job may ask for `options.target_language`.' }),
    translation_targets: z.array(z.string()).meta({
      description:
        'ISO 639-1 codes `options.target_language` (and `translate_to` of `POST /transcribe`) may name; empty when ' +
        '`translation` is false. Translation is included in the price.',
    }),
    channel_speaker_separation: z
      .boolean()
      .meta({ description: 'A job may ask for `options.channel_speaker_separation`.' }),
    caption_burn: z.boolean().meta({ description: 'A job of type `caption_burn` may use the profile.' }),
  })
  .meta({
    id: 'TranscriptionModelCapabilities',
    description:
      'What a job of the profile may ask for in this deployment. `POST /api/v1/jobs` accepts exactly this: an option ' +
      'whose flag is false, or a language or target not listed, is a 422 of type `unsupported_option` naming the option.',
  });

export const ModelSchema = z
  .object({
    id: z.string().meta({ description: 'Profile codename, used as `profile` of a job.' }),
    object: z.literal('model'),
    display_name: z.string(),
    description: z.string(),
    visibility: z.enum(['public', 'internal']),
    available: z.boolean().meta({
      description:
        'This deployment runs the profile. Public profiles are listed even when it does not; a job of an unavailable ' +
        'profile is 400 `profile_unavailable`.',
    }),
    credits_per_hour: z.number().meta({ description: 'Price per hour of audio, billed per second.' }),
    live: z.object({
      route: z.enum(['cloud', 'device']),
      cloud_fallback: z.string().nullable(),
    }),
    capabilities: CapabilitiesSchema,
    execution_modes: z.array(z.enum(['cloud', 'client_local'])).meta({
      description:
        'How you may run jobs of the profile here (`execution_mode` of `POST /api/v1/jobs`): `cloud`, and `client_local` ' +
        '(your own device runs it; only with the feature `jobs.client_local`). Empty when the profile is unavailable.',
    }),
  })
  .meta({ id: 'TranscriptionModel' });
