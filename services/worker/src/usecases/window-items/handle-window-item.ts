import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { DecodeError, type EnginePool, type EngineSet, startDecoding } from '@tp/engines';
import type { Logger } from '@tp/logging';
import { withoutContext } from '../../domain/windows.ts';
import {
  itemContextSeconds,
  itemScope,
  itemSpan,
  jobSourceKey,
  jobStopKey,
  type WindowItem,
  parseWindowSource,
  windowFailedKey,
  windowKey,
} from '../../domain/window-item.ts';
import type { WindowBucket } from './window-checkpoints.ts';

export interface HandleWindowItemDeps {
  log: Logger;
  engines: Pick<EngineSet, 'get'>;
  enginePool: EnginePool;
  ffmpegPath: string;
  /** How often a window at work extends its item's ack wait. */
  progressIntervalMs: number;
  /** Aborted when the worker shuts down: the item goes back to the pool. */
  shutdownSignal: AbortSignal;
}

const has = async (kv: Pick<WindowBucket, 'get'>, key: string) => (await kv.get(key))?.operation === 'PUT';

/**
 * Entry point of events/window-items.ts: one fanned-out window (ADR 0026). Unless it is done already
 * or its job was stopped, decodes its stretch of the job's media source (the short-lived URL its
 * owner keeps fresh in the bucket, ADR 0041), recognizes it in one of this worker's
 * engine slots and stores the result where the job's owner waits for it. A stop of the job (its KV
 * key) aborts it at once. Resolving acknowledges the item; throwing has it redelivered (to whichever
 * worker of the pool is free).
 */
export async function handleWindowItem(
  deps: HandleWindowItemDeps & { windowBucket: WindowBucket },
  item: WindowItem,
  working: () => void,
): Promise<void> {
  const kv = deps.windowBucket;
  const key = windowKey(itemScope(item), itemSpan(item));
  const context = { jobId: item.job_id, index: item.index };
  if (await has(kv, key)) return;
  if (await has(kv, jobStopKey(item.job_id))) {
    deps.log.info(context, 'window dropped: its job was stopped');
    return;
  }
  const engine = deps.engines.get(item.engine, item.model);
  if (!engine)
    throw new Error(
      `window item for ${[item.engine, item.model].filter(Boolean).join(' ')}, which this worker does not run`,
    );
  const stop = new AbortController();
  const onShutdown = () => stop.abort(new Error('the worker is shutting down'));
  deps.shutdownSignal.addEventListener('abort', onShutdown, { once: true });
  const watch = await kv.watch({ key: jobStopKey(item.job_id), include: 'updates' });
  void (async () => {
    for await (const entry of watch) if (entry.operation === 'PUT') stop.abort(new Error('the job was stopped'));
  })();
  const beat = setInterval(working, deps.progressIntervalMs);
  try {
    const span = itemSpan(item);
    const contextSeconds = itemContextSeconds(item);
    const pcm = await decodeStretch(
      deps.ffmpegPath,
      { url: await currentSource(kv, item.job_id), channel: item.channel },
      { start: span.start - contextSeconds, end: span.end },
      stop.signal,
    );
    const started = performance.now();
    const both = await deps.enginePool.run(stop.signal, () =>
      engine.transcribe(Readable.from([pcm]), { language: item.language, signal: stop.signal }),
    );
    const recognition = withoutContext(both, contextSeconds);
    await kv.put(key, JSON.stringify(recognition));
    const words = recognition.utterances.reduce((n, u) => n + u.words.length, 0);
    const engineMs = Math.round(performance.now() - started);
    deps.log.info({ ...context, ...span, words, engineMs, forOwner: true }, 'window recognized');
  } catch (err) {
    if (stop.signal.aborted && (await has(kv, jobStopKey(item.job_id)))) {
      deps.log.info(context, 'window stopped: its job was stopped');
      return;
    }
    throw err;
  } finally {
    clearInterval(beat);
    watch.stop();
    deps.shutdownSignal.removeEventListener('abort', onShutdown);
  }
}

/**
 * The job's media source as its owner last renewed it (a short-lived URL). Throws while there is
 * none: the item comes back later (the owner puts one before it fans a window out).
 */
async function currentSource(kv: Pick<WindowBucket, 'get'>, jobId: string): Promise<string> {
  const entry = await kv.get(jobSourceKey(jobId));
  const url = entry?.operation === 'PUT' ? parseWindowSource(entry.string()) : undefined;
  if (!url) throw new Error(`job ${jobId} has no media source for its windows`);
  return url;
}

/** The window's stretch of the media as the engines' PCM (at most a window's length: a few MB). */
async function decodeStretch(
  ffmpegPath: string,
  item: { url: string; channel: number | null },
  span: { start: number; end: number },
  signal: AbortSignal,
): Promise<Buffer> {
  const decoding = startDecoding(item.url, {
    ffmpegPath,
    signal,
    channel: item.channel ?? undefined,
    range: { start: span.start, duration: span.end - span.start },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of decoding.pcm as AsyncIterable<Buffer>) chunks.push(chunk);
  const outcome = await decoding.outcome;
  signal.throwIfAborted();
  if (outcome.status === 'failed') throw new DecodeError(outcome.failure);
  if (outcome.status !== 'ok') throw new Error(`decoding a window ended unexpectedly (${outcome.status})`);
  return Buffer.concat(chunks);
}

/**
 * Entry point of events/window-items.ts: the item ran out of deliveries, so the owner's wait for it
 * fails, and so the job (engine_failed).
 */
export async function failWindowItem(kv: Pick<WindowBucket, 'put'>, item: WindowItem, error: unknown): Promise<void> {
  const reason =
    error instanceof DecodeError ? 'its stretch of the media could not be decoded' : 'it could not be recognized';
  await kv.put(windowFailedKey(windowKey(itemScope(item), itemSpan(item))), `window ${item.index}: ${reason}`);
}
