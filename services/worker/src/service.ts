import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { connectBus, STREAMS, workSubject, type Subscription } from '@tp/bus';
import type { WorkTicket } from '@tp/events';
import { createClient } from '@tp/grpc';
import type { Logger } from '@tp/logging';
import { ArtifactsServiceService, JobsServiceService, MediaServiceService } from '@tp/proto';
import { startOpsServer } from '@tp/runtime';
import type { WorkerConfig } from './config.ts';
import { killAllGroups } from './decode/process-group.ts';
import { createEngines } from './engines/registry.ts';
import { createTicketProcessor, JOB_TYPE, type WorkerClients } from './pipeline/process-ticket.ts';

const run = promisify(execFile);

export interface RunningWorker {
  opsPort: number;
  /** Jobs running now. */
  running(): number;
  /** Ordered shutdown steps: stop taking work (running jobs are stopped and their tickets redelivered), then close connections. */
  stopSteps: { name: string; run: () => Promise<void> }[];
  stop(): Promise<void>;
}

export interface WorkerServiceOptions {
  /** Waits between attempts of a backend call that failed transiently (tests shorten them). */
  retryDelaysMs?: readonly number[];
  /** Redelivery delays after a failed attempt (default: the bus's). */
  backoffMs?: readonly number[];
}

/** The durable consumer of a pool's transcription tickets, shared by every worker of the pool. */
export function workDurable(pool: string): string {
  return `worker-transcription-${pool}`;
}

/** Refuses to start when ffmpeg does not run: every job needs it. */
async function checkFfmpeg(ffmpegPath: string): Promise<void> {
  try {
    await run(ffmpegPath, ['-hide_banner', '-version'], { timeout: 10_000 });
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : (err as Error).message.split('\n')[0];
    throw new Error(`ffmpeg cannot run (FFMPEG_BIN=${ffmpegPath}: ${reason}); install the Debian package ffmpeg or set FFMPEG_BIN`, { cause: err });
  }
}

/** Wires the worker: start-up checks, backend clients, the work consumer and the ops server. No gRPC server. */
export async function startWorkerService(config: WorkerConfig, log: Logger, options: WorkerServiceOptions = {}): Promise<RunningWorker> {
  const engines = createEngines(config.WORKER_ENGINES, config);
  for (const engine of engines.values()) await engine.check();
  await checkFfmpeg(config.FFMPEG_BIN);
  log.info({ engines: [...engines.keys()], pool: config.WORKER_POOL, workerId: config.WORKER_ID }, 'engines and ffmpeg checked');

  const clientOptions = { defaultDeadlineMs: config.GRPC_DEADLINE_MS, log };
  const clients: WorkerClients = {
    jobs: createClient(JobsServiceService, config.JOBS_GRPC_ADDR, clientOptions),
    media: createClient(MediaServiceService, config.MEDIA_GRPC_ADDR, clientOptions),
    artifacts: createClient(ArtifactsServiceService, config.ARTIFACTS_GRPC_ADDR, { ...clientOptions, maxMessageBytes: config.MAX_TRANSCRIPT_BYTES + 1024 * 1024 }),
  };
  const closeClients = () => {
    for (const client of Object.values(clients)) client.close();
  };

  let bus: Awaited<ReturnType<typeof connectBus>> | undefined;
  let work: Subscription | undefined;
  const shutdown = new AbortController();
  try {
    bus = await connectBus({ url: config.NATS_URL, name: 'worker', prefix: config.NATS_PREFIX, log });
    await bus.ensureStreams([STREAMS.WORK]);
    const processor = createTicketProcessor({
      clients,
      engines,
      log: log.child({ component: 'jobs' }),
      workerId: config.WORKER_ID,
      pool: config.WORKER_POOL,
      maxDeliver: config.WORK_MAX_DELIVER,
      progressIntervalMs: config.PROGRESS_INTERVAL_MS,
      jobTimeoutMs: config.JOB_TIMEOUT_MS,
      readUrlTtlSeconds: config.READ_URL_TTL_SECONDS,
      ffmpegPath: config.FFMPEG_BIN,
      shutdownSignal: shutdown.signal,
      ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs, claimRetryDelaysMs: options.retryDelaysMs } : {}),
    });
    work = await bus.consume<WorkTicket>({
      stream: STREAMS.WORK.name,
      durable: workDurable(config.WORKER_POOL),
      filterSubject: workSubject(JOB_TYPE, config.WORKER_POOL),
      handler: (message) => processor.handle(message),
      onDeadLetter: (message, error) => processor.deadLetter(message, error),
      maxDeliver: config.WORK_MAX_DELIVER,
      ackWaitMs: config.WORK_ACK_WAIT_MS,
      concurrency: config.WORKER_CONCURRENCY,
      ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
    });

    const connectedBus = bus;
    const subscription = work;
    const ops = await startOpsServer({
      host: config.OPS_HOST,
      port: config.OPS_PORT,
      log,
      // Engines and ffmpeg were checked at start-up (the worker refuses to start without them).
      ready: async () => ({ nats: !connectedBus.connection.isClosed(), engines: true, ffmpeg: true, consuming: !shutdown.signal.aborted }),
    });
    log.info({ opsPort: ops.port, subject: workSubject(JOB_TYPE, config.WORKER_POOL), concurrency: config.WORKER_CONCURRENCY }, 'worker ready');

    const stopSteps = [
      { name: 'ops', run: () => ops.close() },
      {
        name: 'work',
        run: async () => {
          // Running jobs stop now (their processes are killed) and their tickets go back to the queue.
          shutdown.abort();
          await subscription.stop();
        },
      },
      {
        name: 'processes',
        run: async () => {
          const killed = killAllGroups();
          if (killed > 0) log.warn({ killed }, 'killed leftover child processes');
        },
      },
      { name: 'bus', run: () => connectedBus.close() },
      { name: 'clients', run: async () => closeClients() },
    ];
    return {
      opsPort: ops.port,
      running: () => processor.running(),
      stopSteps,
      async stop() {
        for (const step of stopSteps) await step.run();
      },
    };
  } catch (err) {
    shutdown.abort();
    await work?.stop().catch(() => undefined);
    await bus?.close().catch(() => undefined);
    closeClients();
    throw err;
  }
}
