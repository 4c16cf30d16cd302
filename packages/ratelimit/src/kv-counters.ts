import { setTimeout as sleep } from 'node:timers/promises';
import { JetStreamApiCodes, JetStreamApiError, jetstream } from '@nats-io/jetstream';
import { type KV, Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';

/** What a claim got: how many of the requested slots, and the shared count right after them. */
export interface Claim {
  granted: number;
  /** The count of the key in the window once this claim's slots are added (theirs included). */
  total: number;
}

/** Request counters per key and fixed window, shared by every process that uses the same store. */
export interface CounterStore {
  /**
   * Counts one request of `key` in window `window` and answers the count, this request included.
   * At `ceiling` or above nothing is written (the answer is then the stored count + 1): a client
   * over its quota costs reads, not writes.
   */
  increment(key: string, window: number, ceiling: number): Promise<number>;
  /**
   * Adds up to `amount` to the count of `key` in `window`, never past `ceiling`: slots a process
   * claims ahead and hands out itself (the limiter's local counting). `granted` 0: the ceiling is reached.
   */
  claim(key: string, window: number, amount: number, ceiling: number): Promise<Claim>;
  /** The count of `key` in window `window` (0 when nothing was counted in it). */
  read(key: string, window: number): Promise<number>;
}

export interface KvCounterOptions {
  connection: NatsConnection;
  /** The KV bucket (its stream is `KV_<bucket>`). */
  bucket: string;
  /** How long one KV call may take before it counts as a store failure. */
  timeoutMs: number;
  /** The longest window of any policy: a key outlives it (the bucket's max age is twice it). */
  maxWindowSeconds: number;
}

interface Counter {
  /** The window the count belongs to. */
  w: number;
  n: number;
}

/** Compare-and-set retries before giving up on a key many replicas write at once. */
const MAX_CAS_ATTEMPTS = 25;

function decode(value: Uint8Array): Counter | null {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(value)) as Partial<Counter>;
    return typeof parsed.w === 'number' && typeof parsed.n === 'number' ? { w: parsed.w, n: parsed.n } : null;
  } catch {
    return null;
  }
}

const encode = (counter: Counter) => JSON.stringify(counter);

/** A write that lost a compare-and-set race: another writer changed the key since it was read. */
function lostRace(err: unknown): boolean {
  return (
    err instanceof JetStreamApiError &&
    (err.code === JetStreamApiCodes.StreamWrongLastSequence ||
      err.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown)
  );
}

/**
 * Opens the bucket, which the bus's provisioning made (ADR 0041: the gateway may read and write
 * counters, not make or change buckets); one that forgets counters before the longest window ends
 * is refused, naming the provisioning setting that fixes it.
 */
async function openBucket(options: KvCounterOptions): Promise<KV> {
  const ttlMs = Math.max(60, 2 * options.maxWindowSeconds) * 1000;
  const js = jetstream(options.connection, { timeout: options.timeoutMs });
  const kv = await new Kvm(js).open(options.bucket);
  const status = await kv.status().catch((err: unknown) => {
    if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound)) throw err;
    throw new Error(`the rate-limit bucket ${options.bucket} does not exist: provision the bus first`, { cause: err });
  });
  if (status.ttl > 0 && status.ttl < ttlMs) {
    throw new Error(
      `the rate-limit bucket ${options.bucket} keeps counters ${status.ttl / 1000} s, and windows of ${options.maxWindowSeconds} s need ${ttlMs / 1000} s: provision the bus with RATE_LIMIT_MAX_WINDOW_SECONDS of at least ${options.maxWindowSeconds}`,
    );
  }
  return kv;
}

interface Waiter {
  window: number;
  amount: number;
  ceiling: number;
  resolve: (claim: Claim) => void;
  reject: (err: unknown) => void;
}

/** Adds the waiters' amounts to `key` in `window` by compare-and-set, in order; what each of them got. */
async function add(kv: KV, key: string, window: number, waiters: readonly Waiter[]): Promise<Claim[]> {
  for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt += 1) {
    const { revision, n } = await currentCount(kv, key, window);
    let total = n;
    const claims = waiters.map(({ amount, ceiling }) => {
      const granted = Math.max(0, Math.min(amount, ceiling - total));
      total += granted;
      return { granted, total };
    });
    if (total === n) return claims;
    const next = encode({ w: window, n: total });
    try {
      if (revision === 0) await kv.create(key, next);
      else await kv.update(key, next, revision);
      return claims;
    } catch (err) {
      if (!lostRace(err)) throw err;
    }
    // Another replica wrote the key meanwhile: read it again after a short, random pause.
    await sleep(Math.random() * Math.min(50, 2 ** attempt));
  }
  throw new Error(`rate counter ${key}: ${MAX_CAS_ATTEMPTS} compare-and-set attempts lost to other writers`);
}

async function currentCount(kv: KV, key: string, window: number): Promise<{ revision: number; n: number }> {
  const entry = await kv.get(key);
  if (entry?.operation !== 'PUT') return { revision: entry?.revision ?? 0, n: 0 };
  const counter = decode(entry.value);
  return { revision: entry.revision, n: counter?.w === window ? counter.n : 0 };
}

/**
 * Counters in a NATS JetStream KV bucket: one key per policy and subject holding `{w, n}` (the
 * window and its count); every write is a compare-and-set on the key's revision, so replicas that
 * count at once never lose a request. Within a process the requests of one key are serialised and
 * those that arrive while a write is in flight are added by the next write together, so only
 * replicas contend. Keys expire with the bucket's max age. The bucket is opened on first use, and
 * again after a failure, so a gateway that starts while NATS is away still starts, and a bucket
 * lost with a NATS restart is made again.
 */
export function kvCounterStore(options: KvCounterOptions): CounterStore {
  let opening: Promise<KV> | null = null;
  const bucket = (): Promise<KV> => {
    opening ??= openBucket(options).catch((err: unknown) => {
      opening = null;
      throw err;
    });
    return opening;
  };
  const queues = new Map<string, Waiter[]>();

  async function drain(key: string, queue: Waiter[]): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0);
      // Normally one window; a batch that straddles a window boundary is written window by window.
      for (const window of new Set(batch.map((w) => w.window))) {
        const waiters = batch.filter((w) => w.window === window);
        try {
          const claims = await add(await bucket(), key, window, waiters);
          for (const [i, w] of waiters.entries()) w.resolve(claims[i]!);
        } catch (err) {
          // The bucket may be gone (a NATS restart loses a memory bucket): open it again next time.
          opening = null;
          for (const w of waiters) w.reject(err);
        }
      }
    }
    queues.delete(key);
  }

  function claim(key: string, window: number, amount: number, ceiling: number): Promise<Claim> {
    return new Promise<Claim>((resolve, reject) => {
      const queue = queues.get(key);
      const waiter = { window, amount, ceiling, resolve, reject };
      if (queue) {
        queue.push(waiter);
        return;
      }
      const fresh = [waiter];
      queues.set(key, fresh);
      void drain(key, fresh);
    });
  }

  return {
    async read(key, window) {
      try {
        return (await currentCount(await bucket(), key, window)).n;
      } catch (err) {
        opening = null;
        throw err;
      }
    },
    claim,
    async increment(key, window, ceiling) {
      const { granted, total } = await claim(key, window, 1, ceiling);
      return granted === 1 ? total : total + 1;
    },
  };
}
