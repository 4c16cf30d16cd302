/**
 * The rules of a caption burn job (ADR 0024): what it burns (the transcript version jobs pinned in
 * its options), onto what (the media's video, or a generated canvas for audio-only media), what it
 * stores (an MP4 described by a media_export payload) and how it fails, in its user's words.
 */
import { AUDIO_ONLY_CANVAS, type CaptionBurnOptions, CaptionBurnOptionsSchema } from '@tp/captions';
import { CAPTION_BURN_KEYS, captionBurnView, type JobOptions } from '@tp/job-options';
import { type JobFailure, optionsUnreadable } from './job-failures.ts';

/** The job type of a caption burn; its tickets arrive on work.caption_burn.<pool>. */
export const CAPTION_BURN_JOB_TYPE = 'caption_burn';

/** The output's format, its media type and codecs (what the payload promises and the probe checks). */
export const BURN_OUTPUT = { format: 'mp4', contentType: 'video/mp4', videoCodec: 'h264', audioCodec: 'aac' } as const;

/** The idempotency key of a job's media export: a redelivered job answers the artifact its first run stored. */
export function exportIdempotencyKey(jobId: string): string {
  return `job:${jobId}`;
}

export interface CaptionBurnPlan {
  style: CaptionBurnOptions;
  transcript: { artifactId: string; versionId: string };
}

/**
 * The style and pinned transcript of a job's options, as jobs accepted them: every field of the block
 * set and the transcript version pinned. Anything less fails job_options_unreadable, never filled in
 * with defaults (ADR 0033).
 */
export function captionBurnPlan(options: JobOptions | undefined): CaptionBurnPlan | { failure: JobFailure } {
  if (options === undefined) return { failure: optionsUnreadable() };
  if (options.captionBurn === undefined)
    return { failure: optionsUnreadable('its options have no caption_burn block') };
  const block = captionBurnView(options.captionBurn);
  const missing = CAPTION_BURN_KEYS.filter((key) => !(key in block));
  if (missing.length > 0)
    return { failure: optionsUnreadable(`its caption_burn block lacks ${missing.slice(0, 3).join(', ')}`) };
  const parsed = CaptionBurnOptionsSchema.safeParse(block);
  if (!parsed.success) return { failure: optionsUnreadable('its caption_burn block is not one jobs accepts') };
  const style = parsed.data;
  const { transcript_artifact_id: artifactId, transcript_version_id: versionId } = style;
  if (artifactId === null || versionId === null)
    return { failure: optionsUnreadable('it names no transcript version') };
  return { style, transcript: { artifactId, versionId } };
}

/** Codecs of a still image that ffprobe lists as a video stream (an MP3's cover art): no video to burn into. */
const STILL_IMAGE_CODECS = new Set(['mjpeg', 'png', 'bmp', 'gif', 'webp', 'tiff']);

/** The size of the media's first moving video stream; null for audio-only media (a canvas is generated). */
export function videoSize(
  streams: readonly { type: string; codec: string; width: number; height: number }[],
): { width: number; height: number } | null {
  const video = streams.find(
    (s) => s.type === 'video' && !STILL_IMAGE_CODECS.has(s.codec) && s.width > 0 && s.height > 0,
  );
  return video ? { width: video.width, height: video.height } : null;
}

/** The frame the captions are laid out on: the video's, or the canvas of audio-only media. */
export function frameOf(video: { width: number; height: number } | null): { width: number; height: number } {
  return video ?? { width: AUDIO_ONLY_CANVAS.width, height: AUDIO_ONLY_CANVAS.height };
}

/** Progress of a burn in percent, from ffmpeg's fraction (0..1), below 100 until jobs completes it. */
export function burnPercent(fraction: number): number {
  return Number.isFinite(fraction) ? Math.max(0, Math.min(99, Math.floor(fraction * 100))) : 0;
}

/** The output probed: an MP4 of H.264 video and AAC audio of a known length; what is wrong otherwise. */
export function checkOutput(probed: {
  durationSeconds: number;
  streams: readonly { type: string; codec: string; width?: number; height?: number }[];
}): { durationSeconds: number; width: number; height: number } | { failure: JobFailure } {
  const video = probed.streams.find((s) => s.type === 'video');
  const audio = probed.streams.find((s) => s.type === 'audio');
  if (
    !(probed.durationSeconds > 0) ||
    video?.codec !== BURN_OUTPUT.videoCodec ||
    audio?.codec !== BURN_OUTPUT.audioCodec
  )
    return { failure: burnFailure('the video written is not an H.264 and AAC MP4 of the media’s length') };
  return {
    durationSeconds: Math.round(probed.durationSeconds * 1000) / 1000,
    width: video.width ?? 0,
    height: video.height ?? 0,
  };
}

/** The payload of the job's media_export version (artifacts stores it as canonical JSON). */
export function mediaExportPayload(input: {
  jobId: string;
  mediaId: string;
  plan: CaptionBurnPlan;
  output: { durationSeconds: number; width: number; height: number };
}): Record<string, unknown> {
  const { jobId, mediaId, plan, output } = input;
  return {
    format: BURN_OUTPUT.format,
    job_id: jobId,
    media_id: mediaId,
    transcript_artifact_id: plan.transcript.artifactId,
    transcript_version_id: plan.transcript.versionId,
    duration_seconds: output.durationSeconds,
    width: output.width,
    height: output.height,
    video_codec: BURN_OUTPUT.videoCodec,
    audio_codec: BURN_OUTPUT.audioCodec,
    style: plan.style,
  };
}

/** The file name the export is downloaded as: the media's, as an MP4. */
export function exportFileName(mediaFileName: string | undefined, jobId: string): string {
  return `${(mediaFileName || jobId).replace(/\.[^./\\]*$/, '')}-captions.${BURN_OUTPUT.format}`;
}

/** How a caption burn fails: processing_failed, saying what went wrong (never a path or a URL). */
export function burnFailure(why: string): JobFailure {
  return { errorCode: 'processing_failed', errorMessage: `The captions could not be burnt into the media: ${why}.` };
}

/** ffmpeg failed; `detail` is its last error line, sanitized by @tp/captions (no paths, URLs or queries). */
export function ffmpegFailed(detail: string): JobFailure {
  return burnFailure(`ffmpeg: ${detail.replace(/\.$/, '')}`);
}

/** The pinned transcript version is gone (deleted since the job was created) or unreadable. */
export function transcriptUnavailable(plan: CaptionBurnPlan, why: string): JobFailure {
  return burnFailure(
    `the transcript ${plan.transcript.artifactId} (version ${plan.transcript.versionId}) ${why}; create the job again`,
  );
}

/** Artifacts refused the media export for good. */
export function exportRefused(code: string | undefined, detail: string): JobFailure {
  return { errorCode: 'processing_failed', errorMessage: `The video could not be stored (${code}: ${detail}).` };
}
