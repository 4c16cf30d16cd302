import { type Bus, busSettingsOf, openBus, STREAMS, type Subscription } from '@tp/bus';
import { checkCaptionRenderer } from '@tp/captions';
import { checkFfmpeg, closeEngines, createEngines, EnginePool, type EngineSet, killAllGroups } from '@tp/engines';
import { createSpeechGuard, type SpeechGuard } from '@tp/speech-guard';
import { createThreadedDiarizer } from '@tp/diarization';
import type { Logger } from '@tp/logging';
import { createApertiumTranslator, type Translator } from '@tp/translation';
import { type Lifecycle, type Running, serve, startService, httpTimeouts } from '@tp/runtime';
import { closeWorkerClients, createWorkerClients, type WorkerClients } from './clients.ts';
import type { WorkerConfig } from './config.ts';
import { consumeWindowItems, windowItemSubject } from './events/window-items.ts';
import { consumeWorkTickets, workTicketSubject } from './events/work-tickets.ts';
import type { HandleTicketDeps } from './usecases/tickets/handle-ticket.ts';
import { RunningJobs } from './usecases/tickets/running-jobs.ts';
import { jobWindowsOpener } from './windows.ts';

export type RunningWorker = Running<{
  opsPort: number;
  /** Jobs running now. */
  running(): number;
}>;

export interface WorkerServiceOptions {
  /** Waits between attempts of a backend call that failed transiently (tests shorten them). */
  retryDelaysMs?: readonly number[];
  /** Redelivery delays after a failed attempt (default: the bus's). */
  backoffMs?: readonly number[];
}

/** The engines this worker runs, once they, ffmpeg (with libass) and ffprobe passed their checks (the worker refuses to start otherwise). */
async function checkedEngines(config: WorkerConfig, log: Logger): Promise<EngineSet> {
  // Each engine keeps as many loaded processes as the worker runs windows at once.
  const engines = createEngines(config.WORKER_ENGINES, config, { idleHosts: config.ENGINE_POOL_SIZE });
  for (const engine of engines.values()) await engine.check();
  await checkFfmpeg(config.FFMPEG_BIN);
  await checkFfmpeg(config.FFPROBE_BIN, { tool: 'ffprobe', setting: 'FFPROBE_BIN' });
  // Caption burns draw with libass: an ffmpeg without it would fail every one.
  await checkCaptionRenderer(config.FFMPEG_BIN);
  log.info(
    { engines: engines.describe(), pool: config.WORKER_POOL, workerId: config.WORKER_ID },
    'engines and ffmpeg checked',
  );
  return engines;
}

/** What the use cases of a work ticket depend on. */
function ticketDeps(
  config: WorkerConfig,
  log: Logger,
  parts: {
    clients: WorkerClients;
    engines: EngineSet;
    translator: Translator;
    shutdownSignal: AbortSignal;
    speechGuard: SpeechGuard;
    bus: Bus;
  },
  options: WorkerServiceOptions,
): HandleTicketDeps {
  return {
    ...parts.clients,
    engines: parts.engines,
    shutdownSignal: parts.shutdownSignal,
    log: log.child({ component: 'jobs' }),
    runningJobs: new RunningJobs(),
    workerId: config.WORKER_ID,
    pool: config.WORKER_POOL,
    maxDeliver: config.WORK_MAX_DELIVER,
    progressIntervalMs: config.PROGRESS_INTERVAL_MS,
    jobTimeoutMs: config.JOB_TIMEOUT_MS,
    readUrlTtlSeconds: config.READ_URL_TTL_SECONDS,
    windowSourceTtlSeconds: config.WINDOW_SOURCE_TTL_SECONDS,
    ffmpegPath: config.FFMPEG_BIN,
    ffprobePath: config.FFPROBE_BIN,
    burnDir: config.CAPTION_BURN_DIR,
    createDiarizer: () => createThreadedDiarizer(),
    enginePool: new EnginePool(config.ENGINE_POOL_SIZE),
    speechGuard: parts.speechGuard,
    windowSettings: { targetSeconds: config.WINDOW_TARGET_SECONDS, maxSeconds: config.WINDOW_MAX_SECONDS },
    openWindows: jobWindowsOpener(config, log.child({ component: 'windows' })),
    fanOutMinSeconds: config.WINDOW_FANOUT_MIN_SECONDS,
    publishWindow: async (item, msgId) => {
      await parts.bus.publish(windowItemSubject(config.WORKER_POOL), item, { msgId });
    },
    translator: parts.translator,
    translationTimeoutMs: config.TRANSLATION_TIMEOUT_MS,
    retryDelaysMs: options.retryDelaysMs ?? [500, 2_000, 5_000],
    claimRetryDelaysMs: options.retryDelaysMs ?? [1_000, 2_000, 5_000, 10_000],
  };
}

/**
 * The worker's consumers: transcriptions and caption burns, each on its pool's durable consumer
 * (ADR 0024), and the windows of the pool's long recordings, whoever's they are (ADR 0026), in this
 * worker's engine slots. Stopping any of them stops the running jobs first (their processes are
 * killed) so their tickets go back to the queue.
 */
async function openConsumers(
  life: Pick<Lifecycle, 'open'>,
  parts: {
    bus: Bus;
    deps: HandleTicketDeps;
    config: WorkerConfig;
    options: WorkerServiceOptions;
    shutdown: AbortController;
  },
): Promise<void> {
  const { bus, deps, config, options, shutdown } = parts;
  const stopping = async (subscription: Subscription) => {
    shutdown.abort();
    await subscription.stop();
  };
  const delivery = {
    pool: config.WORKER_POOL,
    maxDeliver: config.WORK_MAX_DELIVER,
    ackWaitMs: config.WORK_ACK_WAIT_MS,
    backoffMs: options.backoffMs,
  };
  for (const [jobType, concurrency] of [
    ['transcription', config.WORKER_CONCURRENCY],
    ['caption_burn', config.CAPTION_BURN_CONCURRENCY],
  ] as const) {
    await life.open(
      jobType === 'transcription' ? 'work' : 'caption burns',
      () => consumeWorkTickets(bus, deps, { ...delivery, jobType, concurrency }),
      stopping,
    );
  }
  await life.open(
    'window items',
    () => consumeWindowItems(bus, deps, { ...delivery, concurrency: config.ENGINE_POOL_SIZE }),
    stopping,
  );
}

/** Wires the worker: start-up checks, backend clients, the work consumer and the ops server. No gRPC server. */
export function startWorkerService(
  config: WorkerConfig,
  log: Logger,
  options: WorkerServiceOptions = {},
): Promise<RunningWorker> {
  return startService(async (life) => {
    const engines = await checkedEngines(config, log);
    const clients = await life.open('clients', () => createWorkerClients(config, log), closeWorkerClients);
    const bus = await openBus(life, {
      ...busSettingsOf(config, 'worker'),
      log,
      streams: [STREAMS.WORK],
    });
    life.onStop('processes', () => {
      const killed = killAllGroups();
      if (killed > 0) log.warn({ killed }, 'killed leftover child processes');
    });
    // Stopped before the leftovers are killed: the loaded decoder hosts end on their own.
    life.onStop('engines', () => closeEngines(engines));

    const shutdown = new AbortController();
    const translator = createApertiumTranslator({ command: config.APERTIUM_BIN });
    const pairs = translator.pairs().map((p) => `${p.from}:${p.to}`);
    if (pairs.length > 0) log.info({ pairs }, 'translation pairs installed');
    else
      log.warn(
        { apertium: config.APERTIUM_BIN },
        'no apertium pairs installed: jobs asking for a translation will fail',
      );
    const speechGuard = await life.open(
      'speech guard',
      () => createSpeechGuard(),
      (guard) => guard.close(),
    );
    const deps = ticketDeps(
      config,
      log,
      { clients, engines, translator, shutdownSignal: shutdown.signal, speechGuard, bus },
      options,
    );
    await openConsumers(life, { bus, deps, config, options, shutdown });

    const { opsPort } = await serve(life, {
      log,
      ops: {
        host: config.OPS_HOST,
        port: config.OPS_PORT,
        http: httpTimeouts(config),
        // Engines and ffmpeg were checked at start-up (the worker refuses to start without them).
        ready: async () => ({
          nats: !bus.connection.isClosed(),
          engines: true,
          ffmpeg: true,
          consuming: !shutdown.signal.aborted,
        }),
      },
    });
    const subject = workTicketSubject(config.WORKER_POOL);
    const burns = workTicketSubject(config.WORKER_POOL, 'caption_burn');
    log.info(
      {
        opsPort,
        subject,
        concurrency: config.WORKER_CONCURRENCY,
        burns,
        burnConcurrency: config.CAPTION_BURN_CONCURRENCY,
      },
      'worker ready',
    );
    return { opsPort, running: () => deps.runningJobs.count() };
  });
}
