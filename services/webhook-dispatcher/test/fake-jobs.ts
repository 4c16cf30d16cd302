// A JobsService on loopback for the dispatcher's tests: the real proto over real gRPC, checking
// service tokens as jobs does (the dispatcher alone, for the user the request names, may call
// GetJob and ExportJob). The jobs a test ends are set here; tests publish their events.
import { AppError } from '@tp/errors';
import { createGrpcServer, type ServiceHandlers } from '@tp/grpc';
import { createVerifier, type VerifiedCaller } from '@tp/identity';
import type { Logger } from '@tp/logging';
import { Job, JobsServiceService } from '@tp/proto';
import { testPki, testServiceKeys } from '@tp/testing';
import { exampleTranscript } from '@tp/transcript';

export interface FakeJobs {
  address: string;
  /** Adds a job that ended (`succeeded` comes with the example transcript). */
  endJob(job: { jobId: string; userId: string; status: 'succeeded' | 'failed' | 'cancelled' }): Job;
  /** The verified callers of GetJob and ExportJob, oldest first. */
  callers: VerifiedCaller[];
  /** Jobs goes away (connections refused) until `restore`, which serves again on the same port. */
  outage(): Promise<void>;
  restore(): Promise<void>;
  stop(): Promise<void>;
}

const nobody = {};

export async function startFakeJobs(log: Logger): Promise<FakeJobs> {
  const jobs = new Map<string, Job>();
  const callers: VerifiedCaller[] = [];
  const find = (userId: string, jobId: string): Job => {
    const job = jobs.get(jobId);
    if (!job || job.userId !== userId) throw new AppError('not_found', 'The job was not found.');
    return job;
  };
  const notHere = async () => {
    throw new Error('not faked');
  };
  const handlers = {
    getJob: async (request, ctx) => {
      if (ctx.caller) callers.push(ctx.caller);
      return find(request.userId, request.jobId);
    },
    exportJob: async (request, ctx) => {
      if (ctx.caller) callers.push(ctx.caller);
      const job = find(request.userId, request.jobId);
      if (job.status !== 'succeeded') throw new AppError('job_not_completed');
      if (request.format !== 'json') throw new AppError('validation_error', 'only json here');
      return { content: JSON.stringify(exampleTranscript()), contentType: 'application/json', fileName: 't.json' };
    },
  } as Partial<ServiceHandlers<typeof JobsServiceService>>;
  const dispatch = Object.fromEntries(
    Object.keys(JobsServiceService).map((name) => [name, handlers[name as keyof typeof handlers] ?? notHere]),
  ) as ServiceHandlers<typeof JobsServiceService>;
  const access = Object.fromEntries(Object.keys(JobsServiceService).map((name) => [name, nobody])) as Record<
    string,
    object
  >;
  access.getJob = { 'webhook-dispatcher': 'user' };
  access.exportJob = { 'webhook-dispatcher': 'user' };
  const serve = async (port: number) => {
    const server = createGrpcServer({
      log,
      verifier: createVerifier({ audience: 'jobs', publicKeys: testServiceKeys().publicKeys }),
      tls: testPki().tls('jobs'),
    });
    server.add(JobsServiceService, dispatch, access as never);
    return { server, port: await server.listen('127.0.0.1', port) };
  };
  let { server, port } = await serve(0);
  return {
    address: `127.0.0.1:${port}`,
    callers,
    endJob({ jobId, userId, status }) {
      const ended = new Date();
      const job = Job.fromPartial({
        jobId,
        userId,
        type: 'transcription',
        status,
        progress: status === 'succeeded' ? 1 : 0,
        profile: 'base',
        options: { language: 'en', outputFormat: 'json' },
        errorCode: status === 'failed' ? 'media_unplayable' : '',
        errorMessage: status === 'failed' ? 'The file is not playable.' : '',
        createdAt: ended,
        startedAt: ended,
        finishedAt: ended,
        updatedAt: ended,
      });
      jobs.set(jobId, job);
      return job;
    },
    outage: () => server.shutdown(0),
    async restore() {
      ({ server, port } = await serve(port));
    },
    stop: () => server.shutdown(1_000),
  };
}
