import { z } from 'zod';
import { availableProfiles, toCredits, type TranscriptionProfile } from '@tp/catalog';
import { defineRoute, type AnyRoute } from '../http/route.ts';

const ModelSchema = z
  .object({
    id: z.string().meta({ description: 'Profile codename, used as `profile` of a job.' }),
    object: z.literal('model'),
    display_name: z.string(),
    description: z.string(),
    visibility: z.enum(['public', 'internal']),
    credits_per_hour: z.number().meta({ description: 'Price per hour of audio, billed per second.' }),
    live: z.object({
      route: z.enum(['cloud', 'device']),
      cloud_fallback: z.string().nullable(),
    }),
    capabilities: z.object({ diarization: z.boolean(), translation: z.boolean() }),
    execution_modes: z.array(z.enum(['cloud', 'client_local'])),
  })
  .meta({ id: 'TranscriptionModel' });

function present(profile: TranscriptionProfile): z.infer<typeof ModelSchema> {
  return {
    id: profile.codename,
    object: 'model',
    display_name: profile.displayName,
    description: profile.description,
    visibility: profile.visibility,
    credits_per_hour: toCredits(profile.microCreditsPerHour),
    live: { route: profile.liveRoute, cloud_fallback: profile.cloudFallback },
    capabilities: { diarization: profile.supportsDiarization, translation: profile.supportsTranslation },
    execution_modes: [...profile.executionModes],
  };
}

export function modelRoutes(): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/models',
      operationId: 'listModels',
      summary: 'List transcription profiles',
      description: 'Public profiles always; internal profiles only for users granted their feature. A token is optional.',
      tag: 'Models',
      access: { kind: 'optional' },
      status: 200,
      response: z.array(ModelSchema),
      handler: async ({ principal }) => availableProfiles(principal?.features ?? new Set()).map(present),
    }),
  ];
}
