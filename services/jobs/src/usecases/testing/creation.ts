// What CreateJob writes and reads, in memory: the creation store's steps over the world's rows (the
// rows stored reserving with their key, admitted, abandoned with the billing step each needs, deleted
// once nothing is held), the billing state store's later release, and media's verified media.
import type { EngineKind } from '@tp/catalog';
import { AppError } from '@tp/errors';
import { jobOptionsFromView } from '@tp/job-options';
import { GetMediaResponse, type Media } from '@tp/proto';
import type { MediaClient } from '../../clients.ts';
import type { NewJob } from '../../domain/creation.ts';
import { storedOptionsText } from '../../domain/stored-options.ts';
import type { Job } from '../../store/records.ts';
import type { CreateJobDeps, CreateJobInput } from '../create-job.ts';
import { fakeArtifacts } from './artifacts.ts';
import { fakeBilling } from './billing.ts';
import { fakeIdempotency } from './idempotency.ts';
import { aJob, type JobsWorld, jobsWorld, type Scripted } from './world.ts';

const rowOf = (job: NewJob, at: Date, base: Job): Job => {
  const { options, executionMode = 'cloud', ...fields } = job;
  return {
    ...base,
    ...fields,
    executionMode,
    optionsJson: storedOptionsText(options),
    status: 'queued',
    holdState: 'reserving',
    billingState: 'none',
    reservedMicro: 0n,
    createdAt: at,
  };
};

/**
 * The creation store: `steps` records each step (`createPending 2`, `admit 2`, `abandon`,
 * `deleteAbandoned`); `behaviour` makes a step fail as the database would (a duplicate key) or
 * admit find the creation abandoned meanwhile.
 */
export function fakeCreation(world: JobsWorld, idempotency: ReturnType<typeof fakeIdempotency>, template: Job) {
  const steps: string[] = [];
  const behaviour = { duplicateKeys: 0, admits: true };
  const abandoned: { billing: Record<string, string>; reason: { code: string; message: string } }[] = [];
  const later: string[] = [];
  const creation = {
    async createPending(jobs: readonly NewJob[], key: { key: string; requestHash: string } | null, at: Date) {
      steps.push(`createPending ${jobs.length}`);
      if (behaviour.duplicateKeys > 0) {
        behaviour.duplicateKeys -= 1;
        throw Object.assign(new Error('duplicate key'), { code: 'P2002' });
      }
      for (const job of jobs) world.put(rowOf(job, at, template));
      if (key) idempotency.take(jobs[0]!.userId, key.key, key.requestHash, jobs[0]!.id, at);
    },
    async admit(jobs: readonly NewJob[], held: ReadonlyMap<string, bigint>, _at: Date, limit: number | null) {
      steps.push(`admit ${jobs.length} limit ${limit}`);
      if (!behaviour.admits) return false;
      for (const job of jobs) {
        const billingState = held.has(job.id) ? 'held' : 'none';
        world.put({
          ...world.rows.get(job.id)!,
          holdState: 'held',
          billingState,
          reservedMicro: held.get(job.id) ?? 0n,
        });
      }
      return true;
    },
    async abandon(topId: string, billing: ReadonlyMap<string, string>, reason: { code: string; message: string }) {
      steps.push('abandon');
      abandoned.push({ billing: Object.fromEntries(billing), reason });
      for (const [id, billingState] of billing)
        world.put({ ...world.rows.get(id)!, holdState: 'abandoned', status: 'failed', billingState });
      for (const [k, row] of idempotency.keys) if (row.jobId === topId) idempotency.keys.delete(k);
      return true;
    },
    async deleteAbandoned(topId: string) {
      steps.push('deleteAbandoned');
      const rows = [...world.rows.values()].filter((j) => j.id === topId || j.parentJobId === topId);
      if (rows.some((j) => j.billingState !== 'none' && j.billingState !== 'released')) return false;
      for (const row of rows) world.rows.delete(row.id);
      return true;
    },
  };
  const billingState = {
    releaseLater: async (jobId: string, error: string) => {
      later.push(`${jobId}: ${error}`);
    },
  };
  return { creation, billingState, steps, behaviour, abandoned, later };
}

/** Media's verified media of usr_1 (5 s WAVs, one audio channel), by id; any other is not_found. */
export function fakeMedia(...medias: Partial<Media>[]) {
  const known = new Map(
    medias.map((m, i) => {
      const media = {
        mediaId: `med_${i + 1}`,
        fileName: `take-${i + 1}.wav`,
        durationSeconds: 5,
        status: 'ready',
        streams: [{ type: 'audio', channels: 1 }],
        ...m,
      };
      return [media.mediaId, media];
    }),
  );
  const client: Scripted<MediaClient> = {
    async getMedia({ userId, mediaId }) {
      const media = known.get(mediaId);
      if (!media || userId !== 'usr_1') throw new AppError('not_found', `Media ${mediaId} was not found.`);
      return GetMediaResponse.fromPartial({ media });
    },
  };
  return { client, known };
}

/**
 * CreateJob's world: usr_1 with the verified `medias` (med_1, med_2…), billing that holds every
 * Reserve, artifacts with nothing stored, a deployment of pocketsphinx (the oracle and base profiles).
 */
export function creationWorld(...medias: Partial<Media>[]) {
  const world = jobsWorld();
  const idempotency = fakeIdempotency();
  const billing = fakeBilling();
  const media = fakeMedia(...(medias.length > 0 ? medias : [{}]));
  const artifacts = fakeArtifacts();
  const store = fakeCreation(world, idempotency, aJob());
  const deps: CreateJobDeps = {
    ...world.deps,
    idempotency: idempotency.store,
    idempotencyTtlMs: 86_400_000,
    artifacts: artifacts.client,
    creation: store.creation,
    billingState: store.billingState,
    billing: billing.client,
    media: media.client,
    engines: new Set<EngineKind>(['pocketsphinx']),
    models: new Map(),
    translations: [],
    maxBatchItems: 10,
    reservationTimeoutMs: 120_000,
    billingDeadlineMs: 30_000,
  };
  return { deps, world, idempotency, billing, media, artifacts, ...store };
}

/** A CreateJob request of usr_1 for med_1 (a batch for several media), the oracle profile, default options. */
export const creationRequest = (fields: Partial<CreateJobInput> = {}): CreateJobInput => ({
  userId: 'usr_1',
  workspaceId: '',
  type: 'transcription',
  mediaIds: ['med_1'],
  batch: (fields.mediaIds?.length ?? 1) > 1,
  profile: 'oracle',
  options: jobOptionsFromView({ language: 'auto' }),
  idempotencyKey: '',
  features: [],
  webhookId: '',
  requestFingerprint: '',
  executionMode: '',
  deadline: undefined,
  ...fields,
});
