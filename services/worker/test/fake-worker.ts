// Everything a ticket's use cases depend on (HandleTicketDeps), in memory: the fakes of fakes.ts
// with answers that make a job run to its end, which a test overrides where its branch differs.
import { EnginePool, type SpeechEngine } from '@tp/engines';
import type { Media } from '@tp/proto';
import type { ArtifactsClient, JobsClient, MediaClient } from '../src/clients.ts';
import type { HandleTicketDeps } from '../src/usecases/tickets/handle-ticket.ts';
import { RunningJobs } from '../src/usecases/tickets/running-jobs.ts';
import type { WindowBucket } from '../src/usecases/window-items/window-checkpoints.ts';
import {
  type CapturedLog,
  capturedLog,
  engineSet,
  fakeClient,
  fakeDiarizer,
  fakeEngine,
  fakeSpeechGuard,
} from './fakes.ts';

type Answers<C> = Parameters<typeof fakeClient<C>>[0];

export interface FakeWorkerOptions {
  /** The media's file (or URL) GetReadUrl answers. */
  mediaUrl?: string;
  /** What media knows of it (duration, streams, file name). */
  media?: Partial<Media>;
  engine?: SpeechEngine;
  jobs?: Answers<JobsClient>;
  mediaAnswers?: Answers<MediaClient>;
  artifacts?: Answers<ArtifactsClient>;
  /** Settings and parts that differ from the defaults (quick beats, no retries, no bucket). */
  deps?: Partial<FakeWorkerDeps>;
}

/**
 * The worker's deps, and what a claimed job's pipeline gets besides (its windows, ADR 0041): a test
 * may call a use case below handleTicket directly. openWindows answers the same bucket.
 */
export type FakeWorkerDeps = HandleTicketDeps & {
  windowBucket: WindowBucket | undefined;
  windowCredentials: string;
};

export interface FakeWorker extends CapturedLog {
  deps: FakeWorkerDeps;
  jobs: ReturnType<typeof fakeClient<JobsClient>>;
  media: ReturnType<typeof fakeClient<MediaClient>>;
  artifacts: ReturnType<typeof fakeClient<ArtifactsClient>>;
  shutdown: AbortController;
}

export function fakeWorker(options: FakeWorkerOptions = {}): FakeWorker {
  const out = capturedLog();
  const shutdown = new AbortController();
  const jobs = fakeClient<JobsClient>({
    claimJob: () => ({ traceparent: '' }),
    reportProgress: () => ({ cancel: false }),
    completeJob: () => ({ status: 'succeeded' }),
    failJob: () => ({ status: 'failed' }),
    ...options.jobs,
  });
  const media = fakeClient<MediaClient>({
    getReadUrl: () => ({
      url: options.mediaUrl ?? '/nonexistent/media.wav',
      media: { durationSeconds: 4, fileName: 'talk.wav', streams: [], ...options.media } as Media,
    }),
    ...options.mediaAnswers,
  });
  const artifacts = fakeClient<ArtifactsClient>({
    createArtifact: () => ({ artifact: { artifactId: 'art_1' } as never }),
    ...options.artifacts,
  });
  const deps: FakeWorkerDeps = {
    jobs,
    media,
    artifacts,
    log: out.log,
    workerId: 'worker-1',
    pool: 'cpu',
    engines: engineSet(options.engine ?? fakeEngine()),
    maxDeliver: 3,
    claimRetryDelaysMs: [1],
    shutdownSignal: shutdown.signal,
    runningJobs: new RunningJobs(),
    readUrlTtlSeconds: 3600,
    windowSourceTtlSeconds: 900,
    retryDelaysMs: [1],
    ffmpegPath: 'ffmpeg',
    ffprobePath: 'ffprobe',
    burnDir: '/nonexistent',
    jobTimeoutMs: 60_000,
    progressIntervalMs: 10,
    createDiarizer: () => fakeDiarizer([]),
    enginePool: new EnginePool(2),
    speechGuard: fakeSpeechGuard(),
    windowSettings: { targetSeconds: 1, maxSeconds: 2 },
    windowBucket: undefined,
    windowCredentials: 'the job window credentials',
    openWindows: async () => (deps.windowBucket ? { bucket: deps.windowBucket, close: async () => {} } : undefined),
    fanOutMinSeconds: 300,
    publishWindow: () => Promise.reject(new Error('no fan-out here')),
    translator: undefined,
    translationTimeoutMs: 60_000,
    ...options.deps,
  };
  return { ...out, deps, jobs, media, artifacts, shutdown };
}
