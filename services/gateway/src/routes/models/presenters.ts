import type { z } from 'zod';
import {
  type Deployment,
  executionModesFor,
  profileCapabilities,
  toCredits,
  type TranscriptionProfile,
} from '@tp/catalog';
import type { ModelSchema } from './schemas.ts';

/**
 * A profile as this deployment serves it to a user with these features: the capabilities job
 * creation enforces (profileCapabilities), and the execution modes the user may choose.
 */
export function presentModel(
  profile: TranscriptionProfile,
  deployment: Deployment,
  features: ReadonlySet<string>,
): z.infer<typeof ModelSchema> {
  const caps = profileCapabilities(profile, deployment);
  return {
    id: profile.codename,
    object: 'model',
    display_name: profile.displayName,
    description: profile.description,
    visibility: profile.visibility,
    available: caps.available,
    credits_per_hour: toCredits(profile.microCreditsPerHour),
    live: { route: profile.liveRoute, cloud_fallback: profile.cloudFallback },
    capabilities: {
      languages: [...caps.languages],
      word_timestamps: caps.wordTimestamps,
      language_detection: caps.languageDetection,
      diarization: caps.stages.diarization,
      translation: caps.stages.translation,
      translation_targets: [...caps.translationTargets],
      channel_speaker_separation: caps.stages.channel_speaker_separation,
      caption_burn: caps.stages.caption_burn,
    },
    execution_modes: executionModesFor(profile, deployment, features),
  };
}
