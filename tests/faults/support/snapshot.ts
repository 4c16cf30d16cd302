// What one user's account looks like once a fault is over, read from the outside: the jobs, the
// balance and ledger, artifacts and versions, media (through the gateway, as the user sees them)
// and the terminal events jobs announced (from the fleet's EVENTS stream).
import { eventually } from '@tp/testing';
import { CLIENT_PATIENCE_MS, type Driver } from './driver.ts';
import { type Answer, retrying } from './client.ts';
import { announcedEnds, TERMINAL } from './events.ts';

export interface JobView {
  job_id: string;
  status: string;
  credits_charged: number;
  artifact_ids: string[];
  error: { code: string; message: string } | null;
  attempts: number;
}
export interface LedgerView {
  kind: string;
  reference: string;
  available_delta_credits: number;
  reserved_delta_credits: number;
}
export interface ArtifactView {
  artifact_id: string;
  job_id: string | null;
}
export interface VersionView {
  version_id: string;
  author: { type: string; id: string };
}

export interface Snapshot {
  /** The user's jobs as listed (every status). */
  jobs: JobView[];
  /** Jobs answered 202 that now answer 404. */
  missingJobs: string[];
  acknowledged: Driver['acknowledged'];
  grantedMicro: number;
  balance: { availableMicro: number; reservedMicro: number };
  /** Newest first; all of it while shorter than LIST_LIMIT. */
  ledger: LedgerView[];
  /** Terminal statuses announced per job of this user. */
  announced: Map<string, string[]>;
  /** GET /jobs/{id}/artifacts of each succeeded job. */
  jobArtifacts: Map<string, ArtifactView[]>;
  artifacts: ArtifactView[];
  /** Versions of each artifact named above or acknowledged. */
  versions: Map<string, VersionView[]>;
  /** Acknowledged media: its status, or `missing`. */
  media: Map<string, string>;
}

/** The most a list route answers: a user whose lists reach it is rotated out before (see run.ts). */
export const LIST_LIMIT = 200;

export const micro = (credits: number): number => Math.round(credits * 1_000_000);

async function read(driver: Driver, path: string): Promise<Answer> {
  const answer = await retrying(() => driver.call('GET', path), CLIENT_PATIENCE_MS);
  if (answer.status !== 200 && answer.status !== 404) throw new Error(`GET ${path}: ${answer.status} ${answer.text}`);
  return answer;
}

async function readJobs(driver: Driver): Promise<{ jobs: JobView[]; missingJobs: string[] }> {
  const jobs = (await read(driver, `/api/v1/jobs?limit=${LIST_LIMIT}`)).body.data as JobView[];
  const listed = new Set(jobs.map((j) => j.job_id));
  const missingJobs: string[] = [];
  for (const jobId of driver.acknowledged.jobs.keys()) {
    if (listed.has(jobId)) continue;
    const answer = await read(driver, `/api/v1/jobs/${jobId}`);
    if (answer.status === 404) missingJobs.push(jobId);
    else jobs.push(answer.body.data);
  }
  return { jobs, missingJobs };
}

async function readArtifacts(driver: Driver, jobs: JobView[]) {
  const jobArtifacts = new Map<string, ArtifactView[]>();
  for (const job of jobs.filter((j) => j.status === 'succeeded'))
    jobArtifacts.set(job.job_id, (await read(driver, `/api/v1/jobs/${job.job_id}/artifacts`)).body.data);
  const artifacts = (await read(driver, `/api/v1/artifacts?limit=${LIST_LIMIT}`)).body.data as ArtifactView[];
  const ids = new Set([...artifacts.map((a) => a.artifact_id), ...driver.acknowledged.versions.values()]);
  for (const list of jobArtifacts.values()) for (const a of list) ids.add(a.artifact_id);
  const versions = new Map<string, VersionView[]>();
  for (const id of ids) {
    const answer = await read(driver, `/api/v1/artifacts/${id}/versions?limit=${LIST_LIMIT}`);
    versions.set(id, answer.status === 404 ? [] : answer.body.data);
  }
  return { jobArtifacts, artifacts, versions };
}

export async function snapshot(driver: Driver): Promise<Snapshot> {
  const { jobs, missingJobs } = await readJobs(driver);
  const balance = (await read(driver, '/api/v1/billing/balance')).body.data;
  const ledger = (await read(driver, `/api/v1/billing/ledger?limit=${LIST_LIMIT}`)).body.data as LedgerView[];
  const media = new Map<string, string>();
  for (const mediaId of driver.acknowledged.media.keys()) {
    const answer = await read(driver, `/api/v1/media/${mediaId}`);
    media.set(mediaId, answer.status === 404 ? 'missing' : answer.body.data.status);
  }
  const ends = await announcedEnds(driver.fleet.natsUrl, driver.fleet.natsPrefix);
  const ids = new Set(jobs.map((j) => j.job_id));
  const announced = new Map([...ends].filter(([jobId, end]) => ids.has(jobId) || end.userId === driver.user.id));
  return {
    jobs,
    missingJobs,
    acknowledged: driver.acknowledged,
    grantedMicro: driver.user.grantedMicro,
    balance: { availableMicro: micro(balance.available_credits), reservedMicro: micro(balance.reserved_credits) },
    ledger,
    announced: new Map([...announced].map(([jobId, end]) => [jobId, end.statuses])),
    ...(await readArtifacts(driver, jobs)),
    media,
  };
}

const isTerminal = (status: string): boolean => (TERMINAL as readonly string[]).includes(status);

/** Nothing left in motion: every job ended and announced, no credit held, every completed upload verified. */
export function settled(s: Snapshot): boolean {
  return (
    s.jobs.every((j) => isTerminal(j.status) && (s.announced.get(j.job_id)?.length ?? 0) > 0) &&
    s.balance.reservedMicro === 0 &&
    [...s.acknowledged.media].every(([id, m]) => !m.completed || s.media.get(id) !== 'verifying')
  );
}

/** Waits until the account is settled (the bound only ends a run that would never settle); the last snapshot. */
export async function settledSnapshot(driver: Driver, withinMs: number): Promise<Snapshot> {
  let last: Snapshot | undefined;
  try {
    return await eventually(
      'the account to settle',
      async () => settled((last = await snapshot(driver))) && last,
      withinMs,
      500,
    );
  } catch {
    return last ?? snapshot(driver);
  }
}
