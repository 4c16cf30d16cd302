import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { assDocument, BurnFailedError, burnCaptions, captionCues, fittedLayout, probeOutput } from '@tp/captions';
import type { Job } from '@tp/proto';
import type { Transcript } from '@tp/transcript';
import {
  burnFailure,
  burnPercent,
  type CaptionBurnPlan,
  checkOutput,
  ffmpegFailed,
  frameOf,
} from '../../domain/caption-burn-job.ts';
import { type ReportProgressDeps, progressReporter, startHeartbeat, startJobStop } from '../shared/heartbeat.ts';
import { done, failed, type Outcome, retry, stopOutcome } from '../shared/outcome.ts';
import type { TicketHandle } from '../shared/ticket.ts';

export interface BurnMediaDeps extends ReportProgressDeps {
  ffmpegPath: string;
  ffprobePath: string;
  /** Longest a job may run (here: the burn). */
  jobTimeoutMs: number;
  /** Aborted when the worker shuts down: the burn stops and its ticket is redelivered. */
  shutdownSignal: AbortSignal;
}

export interface BurnMediaInput {
  ticket: TicketHandle;
  job: Job;
  plan: CaptionBurnPlan;
  transcript: Transcript;
  /** The presigned URL of the job's media. */
  url: string;
  durationSeconds: number;
  /** The media's video size; null for audio-only media. */
  video: { width: number; height: number } | null;
  /** The job's temporary folder (the ASS file and the MP4 go there). */
  dir: string;
}

export interface BurntVideo {
  path: string;
  output: { durationSeconds: number; width: number; height: number };
}

/**
 * Lays out the transcript's cues, writes the ASS file at the frame's resolution and burns it into the
 * media with ffmpeg (its progress reported; cancellation, JOB_TIMEOUT_MS and shutdown stopping it),
 * then checks the MP4 with ffprobe. A failed ffmpeg or an output that is not what it should be fails
 * the job.
 */
export async function burnMedia(deps: BurnMediaDeps, input: BurnMediaInput): Promise<Outcome<BurntVideo>> {
  const { job, plan, video } = input;
  const frame = frameOf(video);
  const cues = captionCues(input.transcript, fittedLayout(plan.style, frame));
  const assPath = join(input.dir, 'captions.ass');
  const path = join(input.dir, 'output.mp4');
  await writeFile(assPath, assDocument(cues, plan.style, frame));

  const started = performance.now();
  const stop = startJobStop(deps.shutdownSignal, deps.jobTimeoutMs);
  let fraction = 0;
  const heartbeat = startHeartbeat(
    deps.progressIntervalMs,
    progressReporter(deps, { ticket: input.ticket, job, progress: () => burnPercent(fraction), stop }),
  );
  try {
    await burnCaptions({
      ffmpegPath: deps.ffmpegPath,
      input: input.url,
      assPath,
      outputPath: path,
      durationSeconds: input.durationSeconds,
      video,
      canvasColor: plan.style.canvas_color,
      signal: stop.signal,
      onProgress: (f) => {
        fraction = f;
      },
    });
  } catch (err) {
    if (stop.signal.aborted) return stopOutcome(stop.signal.reason) ?? retry(stop.signal.reason);
    // What ffmpeg could not use at all (a duration or picture size of the media) is refused up front.
    if (err instanceof RangeError) {
      deps.log.error({ err, jobId: job.jobId }, 'caption burn refused its input');
      return failed(burnFailure('the media’s duration or picture size cannot be encoded'));
    }
    if (!(err instanceof BurnFailedError)) return retry(err);
    deps.log.warn({ jobId: job.jobId, detail: err.detail }, 'caption burn failed');
    return failed(ffmpegFailed(err.detail));
  } finally {
    heartbeat.stop();
    stop.release();
  }
  let checked: ReturnType<typeof checkOutput>;
  try {
    checked = checkOutput(await probeOutput(deps.ffprobePath, path));
  } catch (err) {
    deps.log.error({ err, jobId: job.jobId }, 'the burnt video could not be probed');
    return failed(burnFailure('the video written could not be read back'));
  }
  if ('failure' in checked) return failed(checked.failure);
  const wallMs = Math.round(performance.now() - started);
  deps.log.info(
    {
      jobId: job.jobId,
      cues: cues.length,
      seconds: checked.durationSeconds,
      width: checked.width,
      height: checked.height,
      audioOnly: video === null,
      wallMs,
      speed: wallMs > 0 ? Number(((checked.durationSeconds * 1000) / wallMs).toFixed(2)) : null,
    },
    'captions burnt',
  );
  return done({ path, output: checked });
}
