// One world for a media use case's unit test: the fake store and object store, a clock the test
// moves, a logger it reads, and every setting at a small value, in one deps object that every
// use case of media accepts (each takes the part its deps interface names).
import { captureLogger } from '@tp/logging';
import type { ProbeRun } from '../../probe/ffprobe.ts';
import type { MediaRecord, UploadSession, Verification } from '../../store/records.ts';
import { createSettledSignal } from '../settled-signal.ts';
import { fakeObjectStore } from './fake-objects.ts';
import { fakeMediaStore, newSession, newVerification } from './fake-store.ts';

export const USER = 'usr_alice';
export const OTHER_USER = 'usr_bob';
export const TOKEN_SECRET = 'test-token-secret';
export const MAX_BYTES = 1_000_000;
export const QUOTA_BYTES = 3_000_000;

/** A clock that stands still until the test moves it. */
export function testClock(start = new Date('2030-01-01T12:00:00Z')) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance(ms: number): void {
      at += ms;
    },
  };
}

/** ffprobe's answer for a playable two-second mono WAV. */
export const PLAYABLE: ProbeRun = {
  kind: 'probed',
  output: JSON.stringify({
    format: { format_name: 'wav', duration: '2.000000' },
    streams: [{ index: 0, codec_type: 'audio', codec_name: 'pcm_s16le', sample_rate: '16000', channels: 1 }],
  }),
};

export function mediaWorld() {
  const clock = testClock();
  const fake = fakeMediaStore(clock.now);
  const storage = fakeObjectStore();
  const { log, lines } = captureLogger('media-test');
  const counts = { nudges: 0 };
  const probes: string[] = [];
  let probeRun: ProbeRun = PLAYABLE;
  const deps = {
    store: fake.store,
    objects: storage.objects,
    settled: createSettledSignal(),
    nudgeOutbox: () => {
      counts.nudges += 1;
    },
    now: clock.now,
    log,
    tokenSecret: TOKEN_SECRET,
    uploadUrlTtlSeconds: 900,
    uploadSessionTtlSeconds: 3600,
    maxBytes: MAX_BYTES,
    quotaBytes: QUOTA_BYTES,
    /** Finalize calls answer "pending" at once unless a test gives them time. */
    completeWaitMs: 0,
    partBytes: 5 * 1024 * 1024,
    formMaxBytes: 500_000,
    formTtlSeconds: 3600,
    importMaxBytes: 100_000,
    importTimeoutMs: 30_000,
    egressPolicy: { allowPrivateTargets: true },
    probe: async (url: string) => {
      probes.push(url);
      return probeRun;
    },
    probeTimeoutMs: 10_000,
    sessionTtlMs: 3_600_000,
    batchSize: 100,
  };
  return {
    deps,
    fake,
    storage,
    clock,
    counts,
    probes,
    /** What the probe answers from now on. */
    probeAnswers(run: ProbeRun): void {
      probeRun = run;
    },
    /** The messages logged at `level` (warn, error, info). */
    logged: (level: string) => lines.filter((line) => line.level === level).map((line) => String(line.msg)),
  };
}

export type MediaWorld = ReturnType<typeof mediaWorld>;

/** A media of USER awaiting the PUT of its upload session (valid another hour), its object not there yet. */
export function seedUploadSession(
  world: MediaWorld,
  fields: Partial<MediaRecord> = {},
  session: Partial<UploadSession> = {},
): MediaRecord {
  const id = fields.id ?? 'med_1';
  const now = world.clock.now();
  return world.fake.seed({
    id,
    userId: USER,
    uploadSession: newSession({
      id: `upl_${id}`,
      mediaId: id,
      userId: USER,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
      ...session,
    }),
    ...fields,
  });
}

/**
 * A world whose media med_1 of USER is verifying (its object of 1000 bytes uploaded, verification
 * vrf_1 as `verification` says), and the media ids whose waiters were woken, in order.
 */
export function verifyingWorld(fields: Partial<MediaRecord> = {}, verification: Partial<Verification> = {}) {
  const world = mediaWorld();
  const media = world.fake.seed({
    id: 'med_1',
    userId: USER,
    workspaceId: 'ws_1',
    status: 'verifying',
    sizeBytes: 1000n,
    verification: newVerification({ id: 'vrf_1', mediaId: 'med_1', ...verification }),
    ...fields,
  });
  world.storage.put(media.storageKey, 1000);
  const notified: string[] = [];
  world.deps.settled.notify = (mediaId) => void notified.push(mediaId);
  return { ...world, media, notified };
}
