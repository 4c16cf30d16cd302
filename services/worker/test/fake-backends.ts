// In-memory stand-ins for jobs, media and artifacts on one real gRPC server: the worker talks to
// them exactly as to the real services (same generated definitions, same error mapping), and a
// test scripts their answers (outages, cancellations, deleted media).
import { AppError } from '@tp/errors';
import { createGrpcServer, type ServiceHandlers, type UnaryServiceDefinition } from '@tp/grpc';
import type { Logger } from '@tp/logging';
import {
  Artifact,
  ArtifactsServiceService,
  Job,
  JobsServiceService,
  Media,
  MediaServiceService,
  Version,
  type CompleteJobRequest,
  type CreateArtifactRequest,
  type FailJobRequest,
  type ReportProgressRequest,
} from '@tp/proto';

/** Every method refuses (UNIMPLEMENTED) unless the test gives it a handler. */
function handlers<D extends UnaryServiceDefinition>(definition: D, given: Partial<ServiceHandlers<D>>): ServiceHandlers<D> {
  const all: Record<string, unknown> = {};
  for (const name of Object.keys(definition)) {
    all[name] = (given as Record<string, unknown>)[name] ?? (async () => Promise.reject(new AppError('route_not_found', `${name} is not faked`)));
  }
  return all as ServiceHandlers<D>;
}

export interface FakeJob {
  job: Job;
  /** ReportProgress answers cancel once this is set. */
  cancel: boolean;
}

export interface Fakes {
  addr: string;
  /** Jobs by ticket: a ticket is bound to its job from the start (the real service binds the queue head). */
  jobs: Map<string, FakeJob>;
  media: Map<string, { url: string; media: Media }>;
  claims: { ticketId: string; deliveryCount: number; maxAttempts: number; engines: string[]; workerId: string }[];
  progress: ReportProgressRequest[];
  completed: CompleteJobRequest[];
  failed: FailJobRequest[];
  artifactCalls: CreateArtifactRequest[];
  artifacts: Map<string, { artifact: Artifact; request: CreateArtifactRequest }>;
  /** Calls to fail with service_unavailable before answering, per method name (a number is used up; Infinity never is). */
  outages: Map<string, number>;
  addJob(fields: Partial<Job> & { jobId: string; mediaId: string }, media: { url: string; durationSeconds: number; fileName?: string } | null): FakeJob;
  close(): Promise<void>;
}

export async function startFakeBackends(log: Logger): Promise<Fakes> {
  const fakes = {
    jobs: new Map<string, FakeJob>(),
    media: new Map<string, { url: string; media: Media }>(),
    claims: [],
    progress: [],
    completed: [],
    failed: [],
    artifactCalls: [],
    artifacts: new Map(),
    outages: new Map<string, number>(),
  } as unknown as Fakes;

  const outage = (method: string) => {
    const left = fakes.outages.get(method) ?? 0;
    if (left <= 0) return;
    fakes.outages.set(method, left - 1);
    throw new AppError('service_unavailable', `${method} is down (test)`);
  };

  const server = createGrpcServer({ log });
  server.add(
    JobsServiceService,
    handlers(JobsServiceService, {
      async claimJob(request) {
        outage('claimJob');
        fakes.claims.push({ ticketId: request.ticketId, deliveryCount: request.deliveryCount, maxAttempts: request.maxAttempts, engines: request.engines, workerId: request.workerId });
        // As jobs does: a redelivered ticket answers its running job, or fails it (worker_lost) once
        // delivery_count reaches max_attempts; a job that ended is not run again.
        const entry = fakes.jobs.get(request.ticketId);
        if (!entry || !['queued', 'running'].includes(entry.job.status) || !request.engines.includes(entry.job.engine)) return { job: undefined };
        if (entry.job.status === 'running' && request.maxAttempts > 0 && request.deliveryCount >= request.maxAttempts) {
          Object.assign(entry.job, { status: 'failed', errorCode: 'worker_lost', errorMessage: `The worker processing this job stopped ${entry.job.attempts} times.` });
          return { job: undefined };
        }
        entry.job.status = 'running';
        entry.job.attempts += 1;
        return { job: entry.job };
      },
      async reportProgress(request) {
        outage('reportProgress');
        fakes.progress.push(request);
        const entry = fakes.jobs.get(request.ticketId);
        return { cancel: !entry || entry.cancel || entry.job.status !== 'running' };
      },
      async completeJob(request) {
        outage('completeJob');
        fakes.completed.push(request);
        const entry = fakes.jobs.get(request.ticketId)!;
        if (entry.job.status === 'cancelled') throw new AppError('job_not_cancellable', 'The job was cancelled.');
        Object.assign(entry.job, { status: 'succeeded', progress: 100, artifactIds: [request.artifactId], billedSeconds: request.billedSeconds, language: request.language });
        return entry.job;
      },
      async failJob(request) {
        outage('failJob');
        fakes.failed.push(request);
        const entry = fakes.jobs.get(request.ticketId)!;
        Object.assign(entry.job, { status: 'failed', errorCode: request.errorCode, errorMessage: request.errorMessage });
        return entry.job;
      },
    }),
  );
  server.add(
    MediaServiceService,
    handlers(MediaServiceService, {
      async getReadUrl(request) {
        outage('getReadUrl');
        const found = fakes.media.get(request.mediaId);
        if (!found) throw new AppError('not_found', 'The media was not found.');
        return { url: found.url, expiresAt: new Date(Date.now() + request.ttlSeconds * 1000), media: found.media };
      },
    }),
  );
  server.add(
    ArtifactsServiceService,
    handlers(ArtifactsServiceService, {
      async createArtifact(request) {
        outage('createArtifact');
        fakes.artifactCalls.push(request);
        const key = `${request.userId}/${request.idempotencyKey}`;
        let stored = request.idempotencyKey ? fakes.artifacts.get(key) : undefined;
        if (!stored) {
          const artifact = Artifact.fromPartial({ artifactId: `art_${fakes.artifacts.size + 1}`, artifactType: request.artifactType, mediaId: request.mediaId, jobId: request.jobId, title: request.title, versionCount: 1 });
          stored = { artifact, request };
          fakes.artifacts.set(key || artifact.artifactId, stored);
        }
        return { artifact: stored.artifact, version: Version.fromPartial({ versionId: 'ver_1', artifactId: stored.artifact.artifactId, number: 1 }) };
      },
    }),
  );
  const port = await server.listen('127.0.0.1', 0);
  fakes.addr = `127.0.0.1:${port}`;
  fakes.addJob = (fields, media) => {
    const job = Job.fromPartial({ userId: 'usr_test', type: 'transcription', status: 'queued', profile: 'oracle', engine: 'pocketsphinx', optionsJson: '{"language":"auto"}', title: media?.fileName ?? '', ...fields });
    const entry = { job, cancel: false };
    fakes.jobs.set(job.jobId, entry);
    if (media) {
      fakes.media.set(job.mediaId, { url: media.url, media: Media.fromPartial({ mediaId: job.mediaId, fileName: media.fileName ?? 'speech.wav', durationSeconds: media.durationSeconds, status: 'ready' }) });
    }
    return entry;
  };
  fakes.close = () => server.shutdown(1_000);
  return fakes;
}
