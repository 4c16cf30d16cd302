import pg from 'pg';
import { newId } from '@tp/ids';
import type { Logger } from '@tp/logging';
import type { Bus } from './bus.ts';
import { contextHeaders, type MessageHeaders } from './propagation.ts';

/**
 * Paste into a service's `schema.prisma`. The relay below reads this table with plain SQL,
 * so column names and types must stay exactly as `outboxTableSql` shows.
 */
export const OUTBOX_PRISMA_MODEL = `/// Transactional outbox: written in the same transaction as the state change it announces,
/// published to NATS by the @tp/bus relay with Nats-Msg-Id = id.
model Outbox {
  id          String    @id
  subject     String
  payload     Json
  headers     Json      @default("{}")
  createdAt   DateTime  @default(now()) @map("created_at") @db.Timestamptz(6)
  publishedAt DateTime? @map("published_at") @db.Timestamptz(6)
  attempts    Int       @default(0)
  lastError   String?   @map("last_error")

  @@index([publishedAt, id], map: "outbox_unpublished_idx")
  @@map("outbox")
}
`;

/** The table the model implies (what a Prisma migration creates), for tests and hand-written migrations. */
export function outboxTableSql(schema: string): string {
  const table = `${quoteIdent(schema)}."outbox"`;
  return `CREATE TABLE IF NOT EXISTS ${table} (
  "id" TEXT NOT NULL,
  "subject" TEXT NOT NULL,
  "payload" JSONB NOT NULL,
  "headers" JSONB NOT NULL DEFAULT '{}',
  "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "published_at" TIMESTAMPTZ(6),
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "last_error" TEXT,
  CONSTRAINT "outbox_pkey" PRIMARY KEY ("id")
);
CREATE INDEX IF NOT EXISTS "outbox_unpublished_idx" ON ${table} ("published_at", "id");`;
}

export interface OutboxMessage {
  id: string;
  subject: string;
  payload: unknown;
  headers: MessageHeaders;
}

const SUBJECT = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

/**
 * A row for the service to insert inside the transaction that changes its state. The current
 * trace context and request id are captured now, so the consumer continues this request's trace.
 */
export function outboxMessage(subject: string, payload: unknown): OutboxMessage {
  if (!SUBJECT.test(subject)) throw new TypeError(`outbox subject must be a concrete subject without wildcards, got ${JSON.stringify(subject)}`);
  if (JSON.stringify(payload) === undefined) throw new TypeError(`payload for ${subject} is not JSON-serialisable`);
  return { id: newId('obx'), subject, payload, headers: contextHeaders() };
}

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

function quoteIdent(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new TypeError(`invalid schema name ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** The LISTEN/NOTIFY channel relays of one schema share; a nudge on any replica wakes them all. */
export function outboxChannel(schema: string): string {
  quoteIdent(schema);
  return `tp_outbox_${schema}`.slice(0, 63);
}

interface OutboxRow {
  id: string;
  subject: string;
  payload: unknown;
  headers: MessageHeaders | null;
}

export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { bus } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const batchSize = options.batchSize ?? 100;
  const retentionMs = options.retentionMs ?? SEVEN_DAYS_MS;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new TypeError('batchSize must be a positive integer');
  if (!(pollIntervalMs > 0)) throw new TypeError('pollIntervalMs must be positive');
  const table = `${quoteIdent(options.schema)}."outbox"`;
  const channel = outboxChannel(options.schema);
  const log = options.log.child({ component: 'outbox-relay', schema: options.schema });
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 3 });
  pool.on('error', (err) => log.warn({ err }, 'idle database connection failed'));

  let stopped = false;

  // --- one pass: lock a batch, publish it, mark it, commit --------------------------------
  async function publishBatch(): Promise<{ published: number; selected: number }> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<OutboxRow>(
        `SELECT id, subject, payload, headers FROM ${table} WHERE published_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batchSize],
      );
      // Publishes are pipelined on one connection, so they reach the stream in id order.
      const results = await Promise.allSettled(rows.map((row) => bus.publish(row.subject, row.payload, { msgId: row.id, headers: row.headers ?? {} })));
      const published: string[] = [];
      const failed: { id: string; error: string }[] = [];
      results.forEach((result, i) => {
        const row = rows[i]!;
        if (result.status === 'fulfilled') published.push(row.id);
        else failed.push({ id: row.id, error: String((result.reason as Error)?.message ?? result.reason).slice(0, 1000) });
      });
      if (published.length > 0) await client.query(`UPDATE ${table} SET published_at = now() WHERE id = ANY($1::text[])`, [published]);
      for (const failure of failed) {
        await client.query(`UPDATE ${table} SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, [failure.id, failure.error]);
        log.warn({ outboxId: failure.id, error: failure.error }, 'outbox publish failed; will retry');
      }
      await client.query('COMMIT');
      return { published: published.length, selected: rows.length };
    } catch (err) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw err;
    } finally {
      // A connection that cannot even roll back is discarded rather than returned to the pool.
      client.release(broken);
    }
  }

  async function passes(): Promise<number> {
    let total = 0;
    for (;;) {
      const { published, selected } = await publishBatch();
      total += published;
      // A full batch without failures means more may be waiting; anything else waits for the next wake.
      if (stopped || selected < batchSize || published < selected) return total;
    }
  }

  // --- drains never overlap; a drain requested during one runs right after it ---------------
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

  // --- poll loop with an early wake-up ------------------------------------------------------
  let wakePending = false;
  let wakeNow: (() => void) | undefined;
  function wake(): void {
    wakePending = true;
    wakeNow?.();
  }
  function nap(ms: number): Promise<void> {
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
  }
  const loop = (async () => {
    while (!stopped) {
      try {
        await drain();
      } catch (err) {
        log.error({ err }, 'outbox relay pass failed');
      }
      await nap(pollIntervalMs);
    }
  })();

  // --- LISTEN so a nudge on another replica wakes this one --------------------------------
  let listener: pg.Client | undefined;
  async function listen(): Promise<void> {
    while (!stopped) {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      listener = client;
      const closed = new Promise<void>((resolve) => {
        client.on('error', (err) => {
          if (!stopped) log.warn({ err }, 'outbox listener lost; polling continues');
          resolve();
        });
        client.once('end', () => resolve());
      });
      try {
        await client.connect();
        client.on('notification', () => wake());
        await client.query(`LISTEN "${channel}"`);
        if (!stopped) await closed;
      } catch (err) {
        if (!stopped) log.warn({ err }, 'outbox listener failed to start; polling continues');
      }
      listener = undefined;
      await client.end().catch(() => undefined);
      if (!stopped) await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
  const listening = listen();

  let notifying = false;
  function notifyOthers(): void {
    if (notifying || stopped) return;
    notifying = true;
    pool
      .query('SELECT pg_notify($1, $2)', [channel, ''])
      .catch((err: unknown) => log.warn({ err }, 'outbox notify failed'))
      .finally(() => {
        notifying = false;
      });
  }

  // --- retention ----------------------------------------------------------------------------
  async function purgePublished(): Promise<number> {
    const result = await pool.query(`DELETE FROM ${table} WHERE published_at IS NOT NULL AND published_at < now() - make_interval(secs => $1)`, [
      retentionMs / 1000,
    ]);
    return result.rowCount ?? 0;
  }
  const purge = () =>
    void purgePublished()
      .then((n) => n > 0 && log.info({ deleted: n }, 'purged published outbox rows'))
      .catch((err: unknown) => log.warn({ err }, 'outbox purge failed'));
  purge();
  const purgeTimer = setInterval(purge, PURGE_EVERY_MS);
  purgeTimer.unref();

  return {
    nudge() {
      wake();
      notifyOthers();
    },
    drain,
    purgePublished,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(purgeTimer);
      wake();
      await loop;
      await running?.catch(() => 0);
      await listener?.end().catch(() => undefined);
      await listening;
      while (notifying) await new Promise((resolve) => setTimeout(resolve, 5));
      await pool.end();
    },
  };
}
