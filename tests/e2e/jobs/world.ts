// The fleet of tests/e2e/jobs.test.ts, started once for all its modules: every service but shares,
// the real worker (one slot per core) and PocketSphinx; jobs give a silent device 10 s before a
// client-local job fails, and its reconciler looks every half second. Two recordings made with
// flite: the fox sentence and a short one. Each module makes users of its own: a user's queue,
// balance and job list are theirs, so modules run side by side without reading each other's jobs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { FLEET_START } from '../support/fleet-start.ts';
import { startFleet, synthesizeSpeech, UNREACHED_RATE_LIMITS, type Fleet } from '@tp/testing';
import { call } from '../support/http.ts';
import { fleetAdmin, type FleetAdmin } from '../support/admin.ts';
import { type JobBody, type TestUser, waitForJob } from '../support/jobs.ts';

export const SENTENCE = 'The quick brown fox jumps over the lazy dog. She sells seashells by the seashore.';
/** How long a client-local job waits for its device (CLIENT_LOCAL_IDLE_TIMEOUT_MS). */
export const IDLE_TIMEOUT_MS = 10_000;

export interface JobsWorld {
  fleet: Fleet;
  dir: string;
  /** SENTENCE spoken by `rms` (about 5 s, 16 kHz mono WAV). */
  sentence: string;
  /** 'Open the window and let the fresh air in.' spoken by `slt` (about 3 s). */
  short: string;
  admin: FleetAdmin;
}

export const world = {} as JobsWorld;

/**
 * Deadlines of the calls between services, far above production's 5 s: the workflows run side by
 * side on one fleet, on a machine that also runs other fleets (loads of 30 and more on two cores),
 * and a call that waits is no failure here. Jobs' reservation timeout must stay four deadlines long.
 */
const SLOW_MACHINE = { BACKEND_DEADLINE_MS: '30000' };

export interface Word {
  text: string;
  start: number;
  end: number;
  confidence: number;
}

/** A finished transcription of the spoken video, filled in by transcription.ts as it runs; its exports and burn read it. */
export interface Transcribed {
  user: TestUser;
  video: string;
  mediaId: string;
  jobId: string;
  transcriptId: string;
  words: Word[];
}

export function useJobsWorld(): void {
  before(async () => {
    world.dir = await mkdtemp(join(tmpdir(), 'tp-e2e-jobs-'));
    // The recordings are made while the fleet starts.
    const recordings = Promise.all([
      synthesizeSpeech(SENTENCE, { voice: 'rms', dir: world.dir }),
      synthesizeSpeech('Open the window and let the fresh air in.', { voice: 'slt', dir: world.dir }),
    ]);
    world.fleet = await startFleet({
      without: ['shares'],
      // Jobs are polled at once under one token; 429s are the limiter's tests' business.
      gatewayEnv: { ...UNREACHED_RATE_LIMITS, ...SLOW_MACHINE },
      jobsEnv: {
        CLIENT_LOCAL_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
        RECONCILE_INTERVAL_MS: '500',
        ...SLOW_MACHINE,
        RESERVATION_TIMEOUT_MS: '120000',
      },
    });
    world.admin = fleetAdmin(world.fleet);
    [world.sentence, world.short] = await recordings;
  }, FLEET_START);

  after(async () => {
    world.admin?.close();
    await world.fleet?.stop();
    if (world.dir) await rm(world.dir, { recursive: true, force: true });
  });
}

/** A user of the fleet with `credits` and, optionally, features granted. */
export const userOf = (name: string, credits: number, features: string[] = []): Promise<TestUser> =>
  world.admin.createUser(name, { credits, features });

/** A call to the gateway as `user`. */
export const api = (user: TestUser, method: string, path: string, body?: unknown) =>
  call(world.fleet.gatewayUrl, method, path, { token: user.token, body });

/**
 * The bound of a test that waits for real work on the shared worker: the workflows' jobs queue for
 * its slots side by side, on a machine that may be loaded to 40 (the runner's default is 120 s).
 */
export const ON_THE_WORKER = { timeout: 240_000 };

/** Polls the job until it has ended (or `until` holds), as long as ON_THE_WORKER allows. */
export const jobOf = (user: TestUser, jobId: string, until?: (job: JobBody) => boolean) =>
  waitForJob(world.fleet, user.token, jobId, until, ON_THE_WORKER.timeout - 10_000);

export const exportOf = (user: TestUser, jobId: string, query: string) =>
  api(user, 'GET', `/api/v1/jobs/${jobId}/export?${query}`);
