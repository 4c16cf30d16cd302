import type pg from 'pg';
import type { Logger } from '@tp/logging';
import type { Bus } from './bus.ts';
import type { MessageHeaders } from './propagation.ts';

interface OutboxRow {
  id: string;
  subject: string;
  payload: unknown;
  headers: MessageHeaders | null;
}

export interface BatchOutcome {
  published: number;
  selected: number;
}

/**
 * One pass of the relay: lock a batch of unpublished rows, publish them, mark them, commit. A row
 * whose publish fails keeps its place, with its attempts counted and its last error kept.
 */
export async function publishBatch(
  pool: pg.Pool,
  bus: Bus,
  table: string,
  batchSize: number,
  log: Logger,
): Promise<BatchOutcome> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<OutboxRow>(
      `SELECT id, subject, payload, headers FROM ${table} WHERE published_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [batchSize],
    );
    // Publishes are pipelined on one connection, so they reach the stream in id order.
    const results = await Promise.allSettled(
      rows.map((row) => bus.publish(row.subject, row.payload, { msgId: row.id, headers: row.headers ?? {} })),
    );
    const published: string[] = [];
    const failed: { id: string; error: string }[] = [];
    results.forEach((result, i) => {
      const row = rows[i]!;
      if (result.status === 'fulfilled') published.push(row.id);
      else
        failed.push({ id: row.id, error: String((result.reason as Error)?.message ?? result.reason).slice(0, 1000) });
    });
    if (published.length > 0)
      await client.query(`UPDATE ${table} SET published_at = now() WHERE id = ANY($1::text[])`, [published]);
    for (const failure of failed) {
      await client.query(`UPDATE ${table} SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, [
        failure.id,
        failure.error,
      ]);
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
