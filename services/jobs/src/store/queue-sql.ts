// The SQL of a queued job's place, shared by the ORM path (queue.ts) and the hot read (job-reads.ts).

/** A runnable job in its pool's queue (over the alias `j`): queued, admitted, no batch parent, not client-local. */
export const RUNNABLE = `j.status = 'queued' AND j.hold_state = 'held' AND j.item_count = 0 AND j.execution_mode = 'cloud'`;

/** Jobs of the same pool queued ahead of `j` (a fragment over the aliases `q` and `j`). */
export const AHEAD = `q.pool = j.pool AND q.status = 'queued' AND q.hold_state = 'held' AND q.item_count = 0
  AND q.execution_mode = 'cloud' AND (q.queue_rank < j.queue_rank OR (q.queue_rank = j.queue_rank AND q.id < j.id))`;

/** 1 + the runnable queued jobs of the same pool ahead of `j` (all users). */
export const POSITION = `1 + (SELECT count(*)::int FROM jobs q WHERE ${AHEAD})`;

/**
 * `j`'s user's running jobs plus their queued jobs ahead of it (over `j`): held back when this
 * reaches the user's limit (ADR 0012).
 */
export const USER_AHEAD = `(SELECT count(*) FROM jobs r
    WHERE r.user_id = j.user_id AND r.status = 'running' AND r.item_count = 0 AND r.execution_mode = 'cloud')
  + (SELECT count(*) FROM jobs q WHERE q.user_id = j.user_id AND ${AHEAD})`;
