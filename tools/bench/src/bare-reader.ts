/**
 * The read-path bench's baseline: a bare `node:http` server that does the SQL of the jobs and billing
 * services' reads with `pg` (no auth, no gRPC, no ORM) and answers JSON. Run as its own process so it
 * shares no event loop with the load generator; prints `listening <port>` once ready.
 *
 *   JOBS_DATABASE_URL=… BILLING_DATABASE_URL=… node tools/bench/src/bare-reader.ts
 *
 *   GET /jobs/{id}?user={userId}   the job row and its queue place (jobs' findJobWithPlace: one statement)
 *   GET /balance?user={userId}     billing's GetBalance: the account and whether a grant is due (one statement)
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

// The services' statements (jobs' store/job-reads.ts and queue-sql.ts, billing's store/balances.ts),
// prepared by name as the services prepare them.
const AHEAD = `q.pool = j.pool AND q.status = 'queued' AND q.hold_state = 'held' AND q.item_count = 0
  AND q.execution_mode = 'cloud' AND (q.queue_rank < j.queue_rank OR (q.queue_rank = j.queue_rank AND q.id < j.id))`;
const RUNNABLE = `j.status = 'queued' AND j.hold_state = 'held' AND j.item_count = 0 AND j.execution_mode = 'cloud'`;
const JOB_COLUMNS = `j.id, j.user_id, j.workspace_id, j.type, j.execution_mode, j.status, j.hold_state, j.billing_state,
  j.profile, j.engine, j.pool, j.media_id, j.parent_job_id, j.item_count, j.options_json, j.title, j.webhook_id,
  j.queue_rank, j.progress, j.error_code, j.error_message, j.media_duration_seconds, j.billed_seconds,
  j.reserved_micro, j.charged_micro, j.artifact_ids, j.language, j.attempts, j.ticket_id, j.worker_id,
  j.heartbeat_at, j.billing_attempts, j.billing_error, j.created_at, j.started_at, j.finished_at, j.updated_at`;
const JOB_WITH_PLACE = {
  name: 'jobs_job_with_place',
  text: `SELECT ${JOB_COLUMNS},
    CASE WHEN ${RUNNABLE} THEN 1 + (SELECT count(*)::int FROM jobs q WHERE ${AHEAD}) END AS place_position,
    CASE WHEN ${RUNNABLE} THEN (SELECT count(*) FROM jobs r
        WHERE r.user_id = j.user_id AND r.status = 'running' AND r.item_count = 0 AND r.execution_mode = 'cloud')
      + (SELECT count(*) FROM jobs q WHERE q.user_id = j.user_id AND ${AHEAD})
      >= COALESCE(l.max_concurrent_jobs, $3) END AS place_held_back
  FROM jobs j LEFT JOIN user_limits l ON l.user_id = j.user_id
  WHERE j.id = $1 AND j.user_id = $2 AND j.hold_state = 'held'`,
};
const CURRENT_BALANCE = {
  name: 'billing_current_balance',
  text: `SELECT a.available_micro, a.reserved_micro,
    EXISTS (SELECT 1 FROM credit_grants g WHERE g.principal_id = p.id AND g.expires_at <= $2 AND g.remaining_micro > 0)
      AS expiry_due
  FROM (SELECT $1::text AS id) p LEFT JOIN credit_accounts a ON a.principal_id = p.id`,
};

async function readJob(id: string, userId: string): Promise<unknown> {
  const found = await jobs.query({ ...JOB_WITH_PLACE, values: [id, userId, DEFAULT_MAX_CONCURRENT_JOBS] });
  const job = found.rows[0];
  if (!job) return undefined;
  const { place_position: position, place_held_back: heldBack, ...row } = job;
  return { job: row, position: position ?? 0, held_back: heldBack ?? false };
}

async function readBalance(userId: string): Promise<unknown> {
  const now = new Date();
  const { rows } = await billing.query({ ...CURRENT_BALANCE, values: [userId, now] });
  const row = rows[0];
  return {
    principal_id: userId,
    available_micro: row?.available_micro ?? '0',
    reserved_micro: row?.reserved_micro ?? '0',
    as_of: now.toISOString(),
  };
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
