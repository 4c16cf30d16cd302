/**
 * The read-path bench's baseline: a bare `node:http` server that does the SQL of the jobs and billing
 * services' reads with `pg` (no auth, no gRPC, no ORM) and answers JSON. Run as its own process so it
 * shares no event loop with the load generator; prints `listening <port>` once ready.
 *
 *   JOBS_DATABASE_URL=… BILLING_DATABASE_URL=… node tools/bench/src/bare-reader.ts
 *
 *   GET /jobs/{id}?user={userId}   the job row (jobs' findJob) and its queue place (jobs' positions)
 *   GET /balance?user={userId}     billing's GetBalance: the due-grant count, then the account
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { parseDatabaseUrl } from '@tp/db';

/** A pool like the services' Prisma adapter gets (pg's default size, search_path = the service's schema). */
function poolFor(databaseUrl: string): pg.Pool {
  const { connectionString, schema } = parseDatabaseUrl(databaseUrl);
  return new pg.Pool({ connectionString, options: `-c search_path=${schema}` });
}

const jobs = poolFor(process.env.JOBS_DATABASE_URL!);
const billing = poolFor(process.env.BILLING_DATABASE_URL!);
const DEFAULT_MAX_CONCURRENT_JOBS = Number(process.env.DEFAULT_MAX_CONCURRENT_JOBS ?? 4);

const AHEAD = `q.pool = j.pool AND q.status = 'queued' AND q.hold_state = 'held' AND q.item_count = 0
  AND q.execution_mode = 'cloud' AND (q.queue_rank < j.queue_rank OR (q.queue_rank = j.queue_rank AND q.id < j.id))`;
const PLACE = `SELECT j.id, 1 + (SELECT count(*)::int FROM jobs q WHERE ${AHEAD}) AS position,
  (SELECT count(*) FROM jobs r WHERE r.user_id = j.user_id AND r.status = 'running' AND r.item_count = 0
    AND r.execution_mode = 'cloud') + (SELECT count(*) FROM jobs q WHERE q.user_id = j.user_id AND ${AHEAD})
    >= COALESCE(l.max_concurrent_jobs, $2) AS held_back
  FROM jobs j LEFT JOIN user_limits l ON l.user_id = j.user_id WHERE j.id = ANY($1::text[])`;

async function readJob(id: string, userId: string): Promise<unknown> {
  const found = await jobs.query(`SELECT * FROM jobs WHERE id = $1 AND user_id = $2 AND hold_state = 'held' LIMIT 1`, [
    id,
    userId,
  ]);
  const job = found.rows[0];
  if (!job) return undefined;
  const queued = job.status === 'queued' && job.execution_mode === 'cloud' && job.item_count === 0;
  const place = queued ? (await jobs.query(PLACE, [[id], DEFAULT_MAX_CONCURRENT_JOBS])).rows[0] : undefined;
  return { job, position: place?.position ?? 0, held_back: place?.held_back ?? false };
}

async function readBalance(userId: string): Promise<unknown> {
  const now = new Date();
  await billing.query(
    'SELECT count(*) FROM credit_grants WHERE principal_id = $1 AND expires_at <= $2 AND remaining_micro > 0',
    [userId, now],
  );
  const account = await billing.query(
    'SELECT available_micro, reserved_micro FROM credit_accounts WHERE principal_id = $1',
    [userId],
  );
  const row = account.rows[0] ?? { available_micro: '0', reserved_micro: '0' };
  return { principal_id: userId, ...row, as_of: now.toISOString() };
}

function answer(res: ServerResponse, body: unknown) {
  res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ data: body ?? null }));
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://bare');
  const userId = url.searchParams.get('user') ?? '';
  const read = url.pathname.startsWith('/jobs/')
    ? readJob(url.pathname.slice('/jobs/'.length), userId)
    : readBalance(userId);
  read.then(
    (body) => answer(res, body),
    (error: unknown) => {
      res.writeHead(500).end(String(error));
    },
  );
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => {
  server.close();
  void Promise.all([jobs.end(), billing.end()]).then(() => process.exit(0));
});
