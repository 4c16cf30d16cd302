// The user a fault's runs act as, and what they need ready before a run: the recordings (made
// once), uploaded; a transcript artifact to edit. Lists answer at most 200 items (ledger, jobs),
// so the runs move to a fresh user every RUNS_PER_USER runs, and the invariants always see a
// user's whole account.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeSpeechClip } from '@tp/testing';
import { CLIENT_PATIENCE_MS, createUser, Driver } from './driver.ts';
import type { FaultFleet } from './fleet.ts';
import { retrying } from './client.ts';
import type { TrafficPlan } from './traffic.ts';

/** Each run adds about four ledger entries and two jobs; 200 is the longest list. */
export const RUNS_PER_USER = 20;
const CREDITS_PER_USER = 50;

export interface Recordings {
  dir: string;
  /** About 20 s of speech: long enough to be killed in the middle of. */
  long: string;
  /** About 4 s. */
  short: string;
}

export async function makeRecordings(): Promise<Recordings> {
  const dir = await mkdtemp(join(tmpdir(), 'tp-faults-audio-'));
  const long = (await makeSpeechClip({ targetSeconds: 20, dir, name: 'long' })).path;
  const short = (await makeSpeechClip({ targetSeconds: 4, offset: 7, dir, name: 'short' })).path;
  return { dir, long, short };
}

export const removeRecordings = (r: Recordings) => rm(r.dir, { recursive: true, force: true });

export interface RunPlan {
  long: { path: string; mediaId: string };
  traffic: TrafficPlan;
}

async function uploaded(driver: Driver, path: string, name: string): Promise<string> {
  const mediaId = await driver.upload(path, name);
  if (!mediaId) throw new Error(`could not upload ${name} before the fault`);
  return mediaId;
}

/** A finished transcription of the user's: its artifact to edit, and its transcript as the edit. */
async function transcribed(driver: Driver, mediaId: string): Promise<{ artifactId: string; transcript: unknown }> {
  const jobId = await driver.createJob(mediaId);
  if (!jobId) throw new Error('could not create a job before the fault');
  for (;;) {
    const job = (await driver.job(jobId)).body.data;
    if (job.status === 'succeeded') {
      const exported = await retrying(
        () => driver.call('GET', `/api/v1/jobs/${jobId}/export?format=json`),
        CLIENT_PATIENCE_MS,
      );
      return { artifactId: job.artifact_ids[0], transcript: JSON.parse(exported.text) };
    }
    if (job.status === 'failed' || job.status === 'cancelled') throw new Error(`setup job ${jobId} ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export class Session {
  private readonly fleet: FaultFleet;
  private readonly recordings: Recordings;
  private readonly name: string;
  private current: { driver: Driver; plan: RunPlan; runs: number } | undefined;
  private readonly seen = new Set<string>();
  private users = 0;

  constructor(fleet: FaultFleet, recordings: Recordings, name: string) {
    this.fleet = fleet;
    this.recordings = recordings;
    this.name = name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  }

  private async fresh(): Promise<NonNullable<Session['current']>> {
    this.users += 1;
    const user = await createUser(this.fleet.fleet, `${this.name}-${this.users}`, CREDITS_PER_USER);
    const driver = new Driver(this.fleet.fleet, user);
    const longId = await uploaded(driver, this.recordings.long, 'long.wav');
    const shortId = await uploaded(driver, this.recordings.short, 'short.wav');
    const edit = await transcribed(driver, shortId);
    const clip = { path: this.recordings.short, mediaId: shortId };
    return {
      driver,
      plan: { long: { path: this.recordings.long, mediaId: longId }, traffic: { ...edit, clip } },
      runs: 0,
    };
  }

  /** The user of the next run (a fresh one every RUNS_PER_USER runs). */
  async driver(): Promise<Driver> {
    if (!this.current || this.current.runs >= RUNS_PER_USER) this.current = await this.fresh();
    return this.current.driver;
  }

  async plan(): Promise<RunPlan> {
    await this.driver();
    return this.current!.plan;
  }

  /** A run ended: the next one edits the artifact its transcription made (so no artifact's history grows long). */
  ranJob(artifactId: string | undefined): void {
    const current = this.current!;
    current.runs += 1;
    if (artifactId) current.plan.traffic.artifactId = artifactId;
  }

  /** Violations not reported by an earlier run (the invariants see the user's whole account every time). */
  newViolations(found: string[]): string[] {
    const fresh = found.filter((v) => !this.seen.has(v));
    for (const v of fresh) this.seen.add(v);
    return fresh;
  }
}
