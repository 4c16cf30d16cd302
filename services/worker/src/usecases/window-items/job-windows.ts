import type { EnginePool, SpeechEngine } from '@tp/engines';
import type { Logger } from '@tp/logging';
import { createSpeechWindower, DEFAULT_WINDOW_SETTINGS, type SpeechGuard, type WindowSettings } from '@tp/speech-guard';
import type { MediaClient } from '../../clients.ts';
import { jobSourceKey, jobStopKey, type WindowItem } from '../../domain/window-item.ts';
import { isJobStopped } from '../../domain/job-stopped.ts';
import { windowLengthsFor, capWindowLengths } from '../../domain/windows.ts';
import { type WindowBucket, windowCheckpoints } from './window-checkpoints.ts';
import { fanOutRecognizer, localRecognizer, type WindowRecognizer } from './window-recognizers.ts';
import { type WindowResults, watchWindowResults } from './window-results.ts';

export interface JobWindowsDeps {
  log: Logger;
  /** The worker's engine slots (ENGINE_POOL_SIZE), shared by its jobs' windows and the window items it takes. */
  enginePool: EnginePool;
  /** Silero VAD, loaded once per worker; each stream keeps its own state. */
  speechGuard: SpeechGuard;
  windowSettings: Partial<WindowSettings>;
  /**
   * This job's keys of the WINDOWS bucket, reached with its window credentials: where its windows
   * are checkpointed and fanned-out results arrive (undefined: nowhere, no fan-out).
   */
  windowBucket: WindowBucket | undefined;
  /** The job's window credentials, which its window items carry to the workers that take them. */
  windowCredentials: string;
  /** Signs the short-lived URLs of a fanned-out job's media source (under the job's grant). */
  media: Pick<MediaClient, 'getReadUrl'>;
  /** Lifetime of the media source URL the workers taking the job's windows read (WINDOW_SOURCE_TTL_SECONDS). */
  windowSourceTtlSeconds: number;
  /** Recordings at least this long fan their windows out to the pool's workers (WINDOW_FANOUT_MIN_SECONDS). */
  fanOutMinSeconds: number;
  /** Publishes a window item on work.window.<pool>. */
  publishWindow: (item: WindowItem, msgId: string) => Promise<void>;
}

export interface JobWindows {
  /** Whether this job's windows go to the pool's workers. */
  fanOut: boolean;
  /** A windower and a recognizer for one channel's stream (undefined: the mix). */
  forChannel(channel: number | undefined): {
    windower: ReturnType<typeof createSpeechWindower>;
    recognizer: WindowRecognizer;
  };
  /** The job stopped: on a cancellation or timeout, every worker drops its windows. */
  stopped(reason: unknown): Promise<void>;
  close(): void;
}

/** How one run of a job cuts and recognizes its windows (ADR 0026). */
export async function openJobWindows(
  deps: JobWindowsDeps,
  job: {
    jobId: string;
    userId: string;
    mediaId: string;
    engine: SpeechEngine;
    model: string;
    language: string;
    url: string;
    durationSeconds: number;
  },
): Promise<JobWindows> {
  const bucket = deps.windowBucket;
  const wanted = bucket !== undefined && job.durationSeconds >= deps.fanOutMinSeconds;
  const source = wanted ? await keepMediaSource(deps, bucket, job) : undefined;
  const fanOut = source !== undefined;
  const results: WindowResults | undefined = fanOut ? await watchWindowResults(bucket!, job.jobId) : undefined;
  return {
    fanOut,
    forChannel(channel) {
      const scope = { jobId: job.jobId, channel, engine: job.engine.kind, model: job.model, language: job.language };
      const checkpoints = windowCheckpoints(bucket, deps.log, scope);
      const recognizer = results
        ? fanOutRecognizer({
            scope,
            credentials: deps.windowCredentials,
            checkpoints,
            results,
            publish: deps.publishWindow,
          })
        : localRecognizer({ engine: job.engine, language: job.language, pool: deps.enginePool, checkpoints });
      const lengths = capWindowLengths(
        windowLengthsFor(job.durationSeconds, deps.enginePool.size, {
          targetSeconds: deps.windowSettings.targetSeconds ?? DEFAULT_WINDOW_SETTINGS.targetSeconds,
          maxSeconds: deps.windowSettings.maxSeconds ?? DEFAULT_WINDOW_SETTINGS.maxSeconds,
        }),
        job.engine.maxWindowSeconds,
      );
      const windower = createSpeechWindower(deps.speechGuard, {
        ...deps.windowSettings,
        ...lengths,
        contextSeconds: job.engine.contextSeconds,
      });
      return { windower, recognizer };
    },
    async stopped(reason) {
      if (!fanOut || !bucket || !(isJobStopped(reason, 'cancelled') || isJobStopped(reason, 'timeout'))) return;
      await bucket
        .put(jobStopKey(job.jobId), reason.reason)
        .catch((err: unknown) => deps.log.warn({ err, jobId: job.jobId }, 'could not tell the pool to stop the job'));
    },
    close: () => {
      source?.stop();
      results?.stop();
    },
  };
}

/**
 * Puts the job's media source (a URL of WINDOW_SOURCE_TTL_SECONDS) where the workers that take its
 * windows read it, and renews it at a third of its life while the windows are out: no URL travels in
 * a window item, and none outlives the job's run by more than its short life (ADR 0041). Undefined
 * (the job recognizes its windows here) when the first one cannot be signed or stored.
 */
async function keepMediaSource(
  deps: Pick<JobWindowsDeps, 'media' | 'windowSourceTtlSeconds' | 'log'>,
  bucket: WindowBucket,
  job: { jobId: string; userId: string; mediaId: string },
): Promise<{ stop(): void } | undefined> {
  const put = async () => {
    const request = { userId: job.userId, mediaId: job.mediaId, ttlSeconds: deps.windowSourceTtlSeconds };
    const { url } = await deps.media.getReadUrl(request);
    await bucket.put(jobSourceKey(job.jobId), JSON.stringify({ url }));
  };
  try {
    await put();
  } catch (err) {
    deps.log.warn({ err, jobId: job.jobId }, "the job's media source could not be stored; its windows stay here");
    return undefined;
  }
  const renew = () =>
    void put().catch((err: unknown) =>
      deps.log.warn({ err, jobId: job.jobId }, "could not renew the job's media source"),
    );
  const timer = setInterval(renew, (deps.windowSourceTtlSeconds * 1000) / 3);
  return { stop: () => clearInterval(timer) };
}
