import pg from 'pg';
import type { Logger } from '@tp/logging';
import type { Bus } from './bus.ts';
import { publishBatch } from './outbox-batch.ts';
import { listenForNudges } from './outbox-listener.ts';
import { outboxChannel, quoteIdent } from './outbox-table.ts';

export {
  OUTBOX_PRISMA_MODEL,
  outboxChannel,
  outboxMessage,
  outboxTableSql,
  writeOutbox,
  type OutboxMessage,
  type OutboxRow,
  type OutboxTable,
} from './outbox-table.ts';

export interface OutboxRelayOptions {
  bus: Bus;
  databaseUrl: string;
  /** The PostgreSQL schema holding the service's `outbox` table. */
  schema: string;
  log: Logger;
  pollIntervalMs?: number;
  batchSize?: number;
  /** Published rows older than this are deleted (hourly and at start). */
  retentionMs?: number;
}

export interface OutboxRelay {
  /** Publish now rather than at the next poll (call after committing); also wakes the other replicas. */
  nudge(): void;
  /** Publishes everything pending now; resolves to the number of rows published by this call. */
  drain(): Promise<number>;
  /** Deletes published rows older than the retention; resolves to the number deleted. */
  purgePublished(): Promise<number>;
  stop(): Promise<void>;
}

const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** The relay's own few connections. */
function relayPool(databaseUrl: string, schema: string, log: Logger): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3, application_name: relayApplicationName(schema) });
  pool.on('error', (err) => log.warn({ err }, 'idle database connection failed'));
  // The pool stops listening to a connection it lends out, and a connection lost meanwhile
  // (PostgreSQL restarted, the backend terminated; even between the lending and the first query)
  // emits 'error', which without a listener ends the process. Every connection gets one for its
  // whole life: the loss surfaces as a failed query, and the pool drops a connection that is no
  // longer queryable when it comes back.
  pool.on('connect', (client) => client.on('error', (err) => log.debug({ err }, 'database connection lost')));
  return pool;
}

/** How the relay's connections show in pg_stat_activity. */
export function relayApplicationName(schema: string): string {
  return `outbox-relay ${schema}`.slice(0, 63);
}

export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const batchSize = options.batchSize ?? 100;
  const retentionMs = options.retentionMs ?? SEVEN_DAYS_MS;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new TypeError('batchSize must be a positive integer');
  if (!(pollIntervalMs > 0)) throw new TypeError('pollIntervalMs must be positive');
  const table = `${quoteIdent(options.schema)}."outbox"`;
  const channel = outboxChannel(options.schema);
  const log = options.log.child({ component: 'outbox-relay', schema: options.schema });
  const pool = relayPool(options.databaseUrl, options.schema, log);

  let stopped = false;
  const drains = serialDrains(async () => {
    let total = 0;
    for (;;) {
      const { published, selected } = await publishBatch(pool, options.bus, table, batchSize, log);
      total += published;
      // A full batch without failures means more may be waiting; anything else waits for the next wake.
      if (stopped || selected < batchSize || published < selected) return total;
    }
  });

  const alarm = createAlarm();
  const loop = (async () => {
    while (!stopped) {
      try {
        await drains.drain();
      } catch (err) {
        log.error({ err }, 'outbox relay pass failed');
      }
      await alarm.sleep(pollIntervalMs);
    }
  })();

  const listener = listenForNudges({
    databaseUrl: options.databaseUrl,
    channel,
    log,
    onNudge: () => alarm.wake(),
    isStopped: () => stopped,
  });

  const others = peerNotifier(pool, channel, log);
  const purging = startPurging(pool, table, retentionMs, log);

  return {
    nudge() {
      alarm.wake();
      if (!stopped) others.notify();
    },
    drain: drains.drain,
    purgePublished: purging.purgePublished,
    async stop() {
      if (stopped) return;
      stopped = true;
      purging.stop();
      alarm.wake();
      await loop;
      await drains.settled();
      await listener.stop();
      await others.settled();
      await pool.end();
    },
  };
}

/** Wakes the relays of the other replicas (they listen on `channel`), one notification at a time. */
function peerNotifier(pool: pg.Pool, channel: string, log: Logger): { notify(): void; settled(): Promise<void> } {
  let notifying: Promise<void> | undefined;
  return {
    notify() {
      if (notifying) return;
      notifying = pool
        .query('SELECT pg_notify($1, $2)', [channel, ''])
        .then(
          () => undefined,
          (err: unknown) => log.warn({ err }, 'outbox notify failed'),
        )
        .finally(() => {
          notifying = undefined;
        });
    },
    settled: async () => notifying,
  };
}

/** Deletes published rows older than the retention: now, then every hour until stopped. */
function startPurging(
  pool: pg.Pool,
  table: string,
  retentionMs: number,
  log: Logger,
): { purgePublished(): Promise<number>; stop(): void } {
  async function purgePublished(): Promise<number> {
    const result = await pool.query(
      `DELETE FROM ${table} WHERE published_at IS NOT NULL AND published_at < now() - make_interval(secs => $1)`,
      [retentionMs / 1000],
    );
    return result.rowCount ?? 0;
  }
  const purge = () =>
    void purgePublished()
      .then((n) => n > 0 && log.info({ deleted: n }, 'purged published outbox rows'))
      .catch((err: unknown) => log.warn({ err }, 'outbox purge failed'));
  purge();
  const timer = setInterval(purge, PURGE_EVERY_MS);
  timer.unref();
  return { purgePublished, stop: () => clearInterval(timer) };
}

/** Drains never overlap; a drain requested during one runs right after it (and joins a second request). */
function serialDrains(passes: () => Promise<number>): { drain(): Promise<number>; settled(): Promise<unknown> } {
  let running: Promise<number> | undefined;
  let queued: Promise<number> | undefined;
  function drain(): Promise<number> {
    if (queued) return queued;
    if (!running) {
      running = passes().finally(() => {
        running = undefined;
      });
      return running;
    }
    queued = running
      .catch(() => 0)
      .then(() => {
        queued = undefined;
        return drain();
      });
    return queued;
  }
  return { drain, settled: async () => running?.catch(() => 0) };
}

/** The poll loop's sleep, which a wake-up ends early; a wake-up while awake makes the next sleep return at once. */
function createAlarm(): { sleep(ms: number): Promise<void>; wake(): void } {
  let wakePending = false;
  let wakeNow: (() => void) | undefined;
  return {
    wake() {
      wakePending = true;
      wakeNow?.();
    },
    sleep(ms) {
      if (wakePending) {
        wakePending = false;
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done(): void {
          clearTimeout(timer);
          wakeNow = undefined;
          wakePending = false;
          resolve();
        }
        wakeNow = done;
      });
    },
  };
}
