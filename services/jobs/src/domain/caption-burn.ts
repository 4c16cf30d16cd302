import { parseCaptionBurnOptions } from '@tp/captions';
import { AppError } from '@tp/errors';
import { type CaptionBurn, captionBurnFromView, captionBurnView, type JobOptions } from '@tp/job-options';

/**
 * A caption burn job (ADR 0024) renders an existing transcript into its media: it takes one media,
 * its style block (`options.caption_burn`, every field optional), and none of a transcription's
 * stages, which would be accepted and then ignored.
 */

/** Where the style block sits in a request: a refusal names its field as `loc`. */
const BLOCK = ['options', 'caption_burn'] as const;

/** A validation error the gateway shows as a 422 issue at `loc` (body-relative). */
export function captionBurnRefusal(field: string, message: string): AppError {
  return new AppError('validation_error', message, { loc: [...BLOCK, field] });
}

/** Options of a transcription that a caption burn cannot use, and whether they are asked for (null is not). */
const TRANSCRIPTION_ONLY: readonly [string, (options: JobOptions) => boolean][] = [
  ['target_language', (o) => o.targetLanguage !== undefined],
  ['diarization', (o) => o.diarization !== undefined],
  ['channel_speaker_separation', (o) => o.channelSpeakerSeparation === true],
  ['output_format', (o) => o.outputFormat !== undefined],
];

/** The block of a caption burn job, every default filled in; a transcription's own options refused by name. */
export function checkCaptionBurnOptions(options: JobOptions): CaptionBurn {
  for (const [name, asked] of TRANSCRIPTION_ONLY) {
    if (asked(options))
      throw new AppError(
        'validation_error',
        `options.${name} applies to transcription jobs only: a caption burn renders a transcript that exists.`,
        { loc: ['options', name] },
      );
  }
  const given = options.captionBurn === undefined ? null : captionBurnView(options.captionBurn);
  return captionBurnFromView(parseCaptionBurnOptions(given));
}

/** A caption burn takes one media: the video (or audio) the captions are burnt into. */
export function checkCaptionBurnInput(batch: boolean): void {
  if (batch)
    throw new AppError(
      'validation_error',
      'A caption burn job takes one media (input.type media_ref), not a batch: create one job per media.',
      { loc: ['input', 'type'] },
    );
}

/** The media has no transcript to burn (CreateJob named none, and none was found for it). */
export function noTranscriptYet(mediaId: string): AppError {
  return captionBurnRefusal(
    'transcript_artifact_id',
    `The media ${mediaId} has no transcript yet: run a transcription job first, or name transcript_artifact_id.`,
  );
}

/** A version given without its artifact. */
export function versionWithoutArtifact(): AppError {
  return captionBurnRefusal(
    'transcript_version_id',
    'transcript_version_id names a version of transcript_artifact_id: give the artifact too.',
  );
}

/** The artifact named is not a transcript (a media export). */
export function notATranscript(artifactId: string, artifactType: string): AppError {
  return captionBurnRefusal(
    'transcript_artifact_id',
    `The artifact ${artifactId} is a ${artifactType}, not a transcript: name a transcript artifact.`,
  );
}

/** The options as stored: the block with the transcript version the job burns pinned in it. */
export function pinTranscript(
  options: JobOptions,
  block: CaptionBurn,
  transcript: { artifactId: string; versionId: string },
): JobOptions {
  return {
    ...options,
    captionBurn: {
      ...block,
      transcriptArtifactId: transcript.artifactId,
      transcriptArtifactIdNull: undefined,
      transcriptVersionId: transcript.versionId,
      transcriptVersionIdNull: undefined,
    },
  };
}
