import { pingDatabase, TRANSACTION_OPTIONS } from '@tp/db';
import type { OutboxMessage } from '@tp/bus';
import { AppError } from '@tp/errors';
import type { IdempotencyKey, Job, Prisma, PrismaClient } from '../generated/prisma/client.ts';
import { aggregateBatch } from '../domain/batch.ts';
import { billingStepFor, canTransition, expectedChargeMicro, isTerminal, type BillingState, type JobStatus, type JobType } from '../domain/job-rules.ts';
import { permuteRanks, type QueueSlot } from '../domain/queue.ts';
import { jobEvent, workTicket } from '../events/job-events.ts';

export type { IdempotencyKey, Job };

// Lock order, everywhere: job rows before their batch parent; several job rows in id order.
// A parent's aggregate is recomputed after its lock is taken, so it sees every committed item.

/** A row of a creation: a single job, or a batch parent followed by its items. */
export interface NewJob {
  id: string;
  userId: string;
  workspaceId: string | null;
  type: JobType;
  profile: string;
  engine: string;
  pool: string;
  mediaId: string | null;
  parentJobId: string | null;
  itemCount: number;
  optionsJson: string;
  title: string;
  mediaDurationSeconds: number;
}

export interface ClaimRequest {
  ticketId: string;
  workerId: string;
  jobType: string;
  pool: string;
  engines: string[];
  deliveryCount: number;
  maxAttempts: number;
}

export type ClaimOutcome =
  | { outcome: 'claimed'; job: Job }
  /** Nothing to run (no head, or the ticket's job has ended): the worker acks the ticket. */
  | { outcome: 'none' }
  /** The ticket's job was redelivered too often: failed (worker_lost), its hold to release. */
  | { outcome: 'worker_lost'; job: Job };

export interface QueuePage {
  jobs: Job[];
  totalRunning: number;
  totalQueued: number;
}

export interface ListFilter {
  userId: string;
  status: JobStatus | null;
  type: JobType | null;
  workspaceId: string | null;
  /** Jobs with ids below this one (the previous page's last). */
  beforeId: string | null;
  limit: number;
}

const VISIBLE = { holdState: 'held' } as const;

/** The only place that talks to the jobs tables. */
export function createJobsStore(prisma: PrismaClient) {
  type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];
  const transaction = <R>(work: (tx: Tx) => Promise<R>): Promise<R> => prisma.$transaction(work, TRANSACTION_OPTIONS);
  const writeOutbox = (tx: Tx, entries: OutboxMessage[]) =>
    entries.length === 0 ? Promise.resolve() : tx.outbox.createMany({ data: entries.map((e) => ({ id: e.id, subject: e.subject, payload: e.payload as object, headers: e.headers as object })) });

  async function lockJob(tx: Tx, id: string): Promise<Job | null> {
    await tx.$executeRaw`SELECT 1 FROM jobs WHERE id = ${id} FOR UPDATE`;
    return tx.job.findUnique({ where: { id } });
  }

  /** Recomputes a batch parent from its items (after locking it); announces a change of status. */
  async function refreshParent(tx: Tx, parentId: string, at: Date): Promise<Job> {
    const parent = (await lockJob(tx, parentId))!;
    const items = await tx.job.findMany({ where: { parentJobId: parentId }, orderBy: { id: 'asc' } });
    const aggregate = aggregateBatch(items);
    const updated = await tx.job.update({ where: { id: parentId }, data: aggregate });
    if (parent.holdState === 'held' && updated.status !== parent.status) await writeOutbox(tx, [jobEvent(updated, at)]);
    return updated;
  }

  /** Moves a (locked) job to `status`, announces it and refreshes its parent. */
  async function transition(tx: Tx, job: Job, status: JobStatus, data: Omit<Prisma.JobUncheckedUpdateInput, 'status'>, at: Date): Promise<Job> {
    if (!canTransition(job.status, status)) throw new Error(`job ${job.id}: ${job.status} → ${status} is not a transition`);
    const updated = await tx.job.update({ where: { id: job.id }, data: { ...data, status } });
    await writeOutbox(tx, [jobEvent(updated, at)]);
    if (updated.parentJobId) await refreshParent(tx, updated.parentJobId, at);
    return updated;
  }

  /** Ends a running or queued job (failed / cancelled): its hold is to be released. */
  const endUnsuccessfully = (tx: Tx, job: Job, status: 'failed' | 'cancelled', error: { code: string; message: string } | null, at: Date, released = false) =>
    transition(
      tx,
      job,
      status,
      {
        finishedAt: at,
        errorCode: error?.code ?? null,
        errorMessage: error?.message ?? null,
        billingState: job.billingState === 'held' ? (released ? 'released' : billingStepFor(status)) : job.billingState,
      },
      at,
    );

  return {
    ping: () => pingDatabase(prisma),

    // --- reads ------------------------------------------------------------------------------

    /** A job of the user that finished its creation (items included). */
    findJob: (userId: string, jobId: string): Promise<Job | null> => prisma.job.findFirst({ where: { id: jobId, userId, ...VISIBLE } }),

    findJobById: (jobId: string): Promise<Job | null> => prisma.job.findUnique({ where: { id: jobId } }),

    /** Top-level jobs of the user, newest first. */
    listJobs: (filter: ListFilter): Promise<Job[]> =>
      prisma.job.findMany({
        where: {
          userId: filter.userId,
          parentJobId: null,
          ...VISIBLE,
          ...(filter.status ? { status: filter.status } : {}),
          ...(filter.type ? { type: filter.type } : {}),
          ...(filter.workspaceId ? { workspaceId: filter.workspaceId } : {}),
          ...(filter.beforeId ? { id: { lt: filter.beforeId } } : {}),
        },
        orderBy: { id: 'desc' },
        take: filter.limit,
      }),

    /** Items of a batch, in creation order. */
    listItems: (parentId: string, limit: number): Promise<Job[]> => prisma.job.findMany({ where: { parentJobId: parentId, ...VISIBLE }, orderBy: { id: 'asc' }, take: limit }),

    /**
     * 1 + the number of runnable queued jobs of the same pool ahead of each queued job (all users);
     * a queued batch parent has the position of its first queued item. Jobs not queued are absent.
     */
    async positions(jobs: readonly Job[]): Promise<Map<string, number>> {
      const result = new Map<string, number>();
      const runnable = jobs.filter((job) => job.status === 'queued' && job.holdState === 'held' && job.itemCount === 0).map((job) => job.id);
      const parents = jobs.filter((job) => job.status === 'queued' && job.holdState === 'held' && job.itemCount > 0).map((job) => job.id);
      if (runnable.length > 0) {
        const rows = await prisma.$queryRaw<{ id: string; position: number }[]>`
          SELECT j.id, 1 + (SELECT count(*)::int FROM jobs q
                            WHERE q.pool = j.pool AND q.status = 'queued' AND q.hold_state = 'held' AND q.item_count = 0
                              AND (q.queue_rank < j.queue_rank OR (q.queue_rank = j.queue_rank AND q.id < j.id))) AS position
          FROM jobs j WHERE j.id = ANY(${runnable}::text[])`;
        for (const row of rows) result.set(row.id, Number(row.position));
      }
      if (parents.length > 0) {
        const rows = await prisma.$queryRaw<{ id: string; position: number }[]>`
          SELECT s.parent_job_id AS id, min(s.position)::int AS position FROM (
            SELECT i.parent_job_id, 1 + (SELECT count(*)::int FROM jobs q
                                         WHERE q.pool = i.pool AND q.status = 'queued' AND q.hold_state = 'held' AND q.item_count = 0
                                           AND (q.queue_rank < i.queue_rank OR (q.queue_rank = i.queue_rank AND q.id < i.id))) AS position
            FROM jobs i WHERE i.parent_job_id = ANY(${parents}::text[]) AND i.status = 'queued' AND i.hold_state = 'held'
          ) s GROUP BY s.parent_job_id`;
        for (const row of rows) result.set(row.id, Number(row.position));
      }
      return result;
    },

    /** The user's running jobs (oldest start first), then queued ones in execution order; a window of that list. */
    async queueOf(userId: string, type: string, offset: number, limit: number): Promise<QueuePage> {
      const base = { userId, type, itemCount: 0, ...VISIBLE };
      const [totalRunning, totalQueued] = await Promise.all([
        prisma.job.count({ where: { ...base, status: 'running' } }),
        prisma.job.count({ where: { ...base, status: 'queued' } }),
      ]);
      const running =
        offset < totalRunning
          ? await prisma.job.findMany({ where: { ...base, status: 'running' }, orderBy: [{ startedAt: 'asc' }, { id: 'asc' }], skip: offset, take: limit })
          : [];
      const room = limit - running.length;
      const queued =
        room > 0
          ? await prisma.job.findMany({
              where: { ...base, status: 'queued' },
              orderBy: [{ queueRank: 'asc' }, { id: 'asc' }],
              skip: Math.max(0, offset - totalRunning),
              take: room,
            })
          : [];
      return { jobs: [...running, ...queued], totalRunning, totalQueued };
    },

    // --- creation ---------------------------------------------------------------------------

    findIdempotencyKey: (userId: string, key: string): Promise<IdempotencyKey | null> => prisma.idempotencyKey.findUnique({ where: { userId_key: { userId, key } } }),

    /** Forgets a key (expired, or its creation was abandoned); only the row seen, not a newer one. */
    forgetIdempotencyKey: (userId: string, key: string, createdAt: Date) => prisma.idempotencyKey.deleteMany({ where: { userId, key, createdAt } }),

    /** Keys older than the cutoff are forgotten (the same key then creates a new job). */
    sweepIdempotencyKeys: async (before: Date): Promise<number> => (await prisma.idempotencyKey.deleteMany({ where: { createdAt: { lte: before } } })).count,

    /**
     * Step 1 of a creation: the rows (invisible, unclaimable: hold_state reserving) and the
     * Idempotency-Key, in one transaction. A key already taken throws P2002 (isUniqueViolation).
     */
    createPending: (jobs: readonly NewJob[], idempotency: { key: string; requestHash: string } | null, at: Date) =>
      transaction(async (tx) => {
        await tx.job.createMany({ data: jobs.map((job) => ({ ...job, status: 'queued', holdState: 'reserving', billingState: 'none', createdAt: at })) });
        if (idempotency) await tx.idempotencyKey.create({ data: { userId: jobs[0]!.userId, key: idempotency.key, requestHash: idempotency.requestHash, jobId: jobs[0]!.id, createdAt: at } });
      }),

    /**
     * Step 3 of a creation (after the holds): the jobs become visible and claimable, with their
     * work tickets and `queued` events, in one transaction. False when the creation was abandoned
     * meanwhile (the reconciler found it too old); nothing is changed then.
     */
    admit: (jobs: readonly NewJob[], heldMicro: ReadonlyMap<string, bigint>, at: Date): Promise<boolean> =>
      transaction(async (tx) => {
        const ids = jobs.map((job) => job.id).sort();
        const locked = await tx.$queryRaw<{ id: string; hold_state: string }[]>`SELECT id, hold_state FROM jobs WHERE id = ANY(${ids}::text[]) ORDER BY id FOR UPDATE`;
        if (locked.length !== jobs.length || locked.some((row) => row.hold_state !== 'reserving')) return false;
        const messages: OutboxMessage[] = [];
        for (const job of jobs.filter((j) => j.itemCount === 0)) {
          const updated = await tx.job.update({ where: { id: job.id }, data: { holdState: 'held', billingState: 'held', reservedMicro: heldMicro.get(job.id) ?? 0n } });
          messages.push(workTicket(updated), jobEvent(updated, at));
        }
        for (const parent of jobs.filter((j) => j.itemCount > 0)) {
          await tx.job.update({ where: { id: parent.id }, data: { holdState: 'held' } });
          const updated = await refreshParent(tx, parent.id, at);
          messages.push(jobEvent(updated, at));
        }
        await writeOutbox(tx, messages);
        return true;
      }),

    /**
     * A creation that will not finish: its rows are marked abandoned (failed, invisible forever) with
     * the billing step each needs, and its Idempotency-Key is forgotten, so a retry creates anew.
     * False when the creation had already been admitted or abandoned.
     */
    abandon: (topId: string, billing: ReadonlyMap<string, BillingState>, error: { code: string; message: string }, at: Date): Promise<boolean> =>
      transaction(async (tx) => {
        const rows = await tx.$queryRaw<{ id: string; hold_state: string }[]>`
          SELECT id, hold_state FROM jobs WHERE id = ${topId} OR parent_job_id = ${topId} ORDER BY id FOR UPDATE`;
        if (rows.length === 0 || rows.some((row) => row.hold_state !== 'reserving')) return false;
        for (const row of rows) {
          await tx.job.update({
            where: { id: row.id },
            data: { holdState: 'abandoned', status: 'failed', errorCode: error.code, errorMessage: error.message, finishedAt: at, billingState: billing.get(row.id) ?? 'none' },
          });
        }
        await tx.idempotencyKey.deleteMany({ where: { jobId: topId } });
        return true;
      }),

    /** Deletes an abandoned creation whose holds are all gone (nothing left to reconcile). */
    deleteAbandoned: (topId: string) =>
      transaction(async (tx) => {
        const open = await tx.job.count({ where: { OR: [{ id: topId }, { parentJobId: topId }], billingState: { notIn: ['none', 'released'] } } });
        if (open > 0) return false;
        await tx.job.deleteMany({ where: { id: topId, holdState: 'abandoned' } });
        return true;
      }),

    /** Top-level creations still reserving that began before the cutoff (their creator died or hung). */
    stuckCreations: (before: Date, limit: number) =>
      prisma.job.findMany({ where: { holdState: 'reserving', parentJobId: null, createdAt: { lte: before } }, orderBy: { createdAt: 'asc' }, take: limit, include: { items: true } }),

    /** Running jobs whose worker has not reported since `before` (progress heartbeats come every few seconds). */
    staleRunning: (before: Date, limit: number) =>
      prisma.job.findMany({ where: { status: 'running', heartbeatAt: { lte: before } }, orderBy: { heartbeatAt: 'asc' }, take: limit, select: { id: true } }),

    /** Fails a running job that lost its worker for good, if it is still running and still silent. */
    failStale: (jobId: string, before: Date, at: Date) =>
      transaction(async (tx) => {
        const job = await lockJob(tx, jobId);
        if (!job || job.status !== 'running' || job.heartbeatAt === null || job.heartbeatAt > before) return null;
        const silentMinutes = Math.max(1, Math.round((at.getTime() - job.heartbeatAt.getTime()) / 60_000));
        return endUnsuccessfully(tx, job, 'failed', { code: 'worker_lost', message: `The worker processing this job stopped reporting ${silentMinutes} min ago and the job was not picked up again.` }, at);
      }),

    // --- billing bookkeeping ------------------------------------------------------------------

    /** Jobs whose settle or release has not gone through yet. */
    pendingBilling: (finishedBefore: Date, limit: number) =>
      prisma.job.findMany({ where: { billingState: { in: ['settle_pending', 'release_pending'] }, finishedAt: { lte: finishedBefore } }, orderBy: { finishedAt: 'asc' }, take: limit }),

    /** Records the outcome of a billing call: `from` → `to` (no-op when the state moved on). */
    billingDone: (jobId: string, from: BillingState, to: BillingState, chargedMicro: bigint | null, at: Date, note: string | null = null) =>
      transaction(async (tx) => {
        const job = await lockJob(tx, jobId);
        if (!job || job.billingState !== from) return job;
        const updated = await tx.job.update({
          where: { id: jobId },
          data: { billingState: to, billingAttempts: 0, billingError: note, ...(chargedMicro === null ? {} : { chargedMicro }) },
        });
        if (updated.parentJobId && chargedMicro !== null) await refreshParent(tx, updated.parentJobId, at);
        return updated;
      }),

    /** A billing call failed: counted, its error kept; the reconciler retries. */
    billingFailed: (jobId: string, error: string) =>
      prisma.job.update({ where: { id: jobId }, data: { billingAttempts: { increment: 1 }, billingError: error.slice(0, 1000) } }),

    /** A hold billing made after its job's creation was given up on: release it later. */
    releaseLater: (jobId: string, error: string) =>
      prisma.job.updateMany({ where: { id: jobId, billingState: { in: ['none', 'released'] } }, data: { billingState: 'release_pending', billingError: error.slice(0, 1000) } }),

    // --- worker surface -----------------------------------------------------------------------

    /**
     * Binds a ticket to the head of its queue (or answers the job it is already bound to, after a
     * redelivery), in one transaction; SKIP LOCKED lets workers claim side by side.
     */
    claim: (request: ClaimRequest, at: Date): Promise<ClaimOutcome> =>
      transaction(async (tx): Promise<ClaimOutcome> => {
        const bound = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM jobs WHERE ticket_id = ${request.ticketId} FOR UPDATE`;
        if (bound.length > 0) {
          const job = (await tx.job.findUnique({ where: { id: bound[0]!.id } }))!;
          if (job.status !== 'running') return { outcome: 'none' };
          if (request.maxAttempts > 0 && request.deliveryCount >= request.maxAttempts) {
            const stopped = job.attempts;
            const failed = await endUnsuccessfully(tx, job, 'failed', { code: 'worker_lost', message: `The worker processing this job stopped ${stopped} time${stopped === 1 ? '' : 's'}.` }, at);
            return { outcome: 'worker_lost', job: failed };
          }
          const again = await tx.job.update({ where: { id: job.id }, data: { attempts: { increment: 1 }, workerId: request.workerId, heartbeatAt: at } });
          return { outcome: 'claimed', job: again };
        }
        const head = await tx.$queryRaw<{ id: string }[]>`
          SELECT id FROM jobs
          WHERE status = 'queued' AND hold_state = 'held' AND item_count = 0
            AND pool = ${request.pool} AND type = ${request.jobType} AND engine = ANY(${request.engines}::text[])
          ORDER BY queue_rank, id
          LIMIT 1
          FOR UPDATE SKIP LOCKED`;
        if (head.length === 0) return { outcome: 'none' };
        const job = (await tx.job.findUnique({ where: { id: head[0]!.id } }))!;
        const started = await transition(
          tx,
          job,
          'running',
          { ticketId: request.ticketId, workerId: request.workerId, startedAt: at, heartbeatAt: at, attempts: 1, progress: 0 },
          at,
        );
        return { outcome: 'claimed', job: started };
      }),

    /** Progress of a running job under its ticket; null when the worker should stop. */
    reportProgress: (jobId: string, ticketId: string, progress: (current: number) => number, at: Date): Promise<Job | null> =>
      transaction(async (tx) => {
        const job = await lockJob(tx, jobId);
        if (!job || job.status !== 'running' || job.ticketId !== ticketId) return null;
        const updated = await tx.job.update({ where: { id: jobId }, data: { progress: progress(job.progress), heartbeatAt: at } });
        if (updated.parentJobId && updated.progress !== job.progress) await refreshParent(tx, updated.parentJobId, at);
        return updated;
      }),

    /**
     * Success of a running job under its ticket. Idempotent: the same artifact again answers the
     * job; a cancelled job stays cancelled (nothing to settle).
     */
    complete: (
      input: {
        jobId: string;
        ticketId: string;
        artifactId: string;
        billedSeconds: number;
        language: string | null;
        /** What billing charged when the caller settled before recording (null: settle still to do). */
        settledMicro: bigint | null;
      },
      at: Date,
    ): Promise<Job> =>
      transaction(async (tx) => {
        const job = await lockJob(tx, input.jobId);
        if (!job || job.holdState !== 'held' || job.itemCount > 0) throw new AppError('not_found', `Job ${input.jobId} was not found.`);
        if (job.status === 'succeeded') {
          if (job.artifactIds.includes(input.artifactId)) return job;
          throw new AppError('conflict', `Job ${job.id} already succeeded with another artifact.`);
        }
        if (job.status === 'cancelled') return job;
        if (job.status !== 'running' || job.ticketId !== input.ticketId) {
          throw new AppError('conflict', `Job ${job.id} is ${job.status}${job.status === 'running' ? ' under another ticket' : ''}; it cannot be completed with this ticket.`);
        }
        return transition(
          tx,
          job,
          'succeeded',
          {
            progress: 100,
            artifactIds: [input.artifactId],
            language: input.language,
            billedSeconds: input.billedSeconds,
            chargedMicro: input.settledMicro ?? expectedChargeMicro(job.profile, job.reservedMicro, input.billedSeconds),
            finishedAt: at,
            heartbeatAt: at,
            billingState: job.billingState === 'held' ? (input.settledMicro === null ? 'settle_pending' : 'settled') : job.billingState,
          },
          at,
        );
      }),

    /** Failure of a running job under its ticket. Idempotent: a failed or cancelled job is answered as it is. */
    fail: (input: { jobId: string; ticketId: string; code: string; message: string; /** The caller released the hold before recording. */ released: boolean }, at: Date): Promise<Job> =>
      transaction(async (tx) => {
        const job = await lockJob(tx, input.jobId);
        if (!job || job.holdState !== 'held' || job.itemCount > 0) throw new AppError('not_found', `Job ${input.jobId} was not found.`);
        if (job.status === 'failed' || job.status === 'cancelled') return job;
        if (job.status !== 'running' || job.ticketId !== input.ticketId) {
          throw new AppError('conflict', `Job ${job.id} is ${job.status}${job.status === 'running' ? ' under another ticket' : ''}; it cannot be failed with this ticket.`);
        }
        return endUnsuccessfully(tx, job, 'failed', { code: input.code, message: input.message }, at, input.released);
      }),

    // --- public changes -----------------------------------------------------------------------

    /**
     * Cancels a queued or running job, or every unfinished item of a batch. Returns the job (the
     * parent, for a batch) and the jobs whose holds are to be released.
     */
    cancel: (job: Job, at: Date): Promise<{ job: Job; ended: Job[] }> =>
      transaction(async (tx) => {
        if (job.itemCount > 0) {
          const open = await tx.$queryRaw<{ id: string }[]>`
            SELECT id FROM jobs WHERE parent_job_id = ${job.id} AND status IN ('queued', 'running') AND hold_state = 'held' ORDER BY id FOR UPDATE`;
          if (open.length === 0) throw new AppError('job_not_cancellable', `Job ${job.id} has already ended.`);
          const ended: Job[] = [];
          for (const { id } of open) {
            const item = (await tx.job.findUnique({ where: { id } }))!;
            // Item by item, without refreshing the parent each time: once, below, after all.
            const updated = await tx.job.update({
              where: { id },
              data: { status: 'cancelled', finishedAt: at, billingState: item.billingState === 'held' ? 'release_pending' : item.billingState },
            });
            await writeOutbox(tx, [jobEvent(updated, at)]);
            ended.push(updated);
          }
          return { job: await refreshParent(tx, job.id, at), ended };
        }
        const locked = await lockJob(tx, job.id);
        if (!locked || isTerminal(locked.status)) throw new AppError('job_not_cancellable', `Job ${job.id} has already ended (${locked?.status ?? 'gone'}).`);
        const cancelled = await endUnsuccessfully(tx, locked, 'cancelled', null, at);
        return { job: cancelled, ended: [cancelled] };
      }),

    /**
     * ReorderQueue: permutes the ranks the user's queued jobs of one queue (type and pool) already
     * hold. Errors as `permuteRanks` says when a job left the queue meanwhile.
     */
    reorder: (job: Job, beforeJobId: string | null) =>
      transaction(async (tx) => {
        const rows = await tx.$queryRaw<{ id: string; queue_rank: bigint }[]>`
          SELECT id, queue_rank FROM jobs
          WHERE user_id = ${job.userId} AND type = ${job.type} AND pool = ${job.pool} AND status = 'queued' AND hold_state = 'held' AND item_count = 0
          ORDER BY id FOR UPDATE`;
        const slots: QueueSlot[] = rows.map((row) => ({ id: row.id, rank: BigInt(row.queue_rank) }));
        const changed = permuteRanks(slots, job.id, beforeJobId);
        if (changed.length > 0) {
          const ids = changed.map((slot) => slot.id);
          const ranks = changed.map((slot) => slot.rank.toString());
          await tx.$executeRaw`
            UPDATE jobs SET queue_rank = v.rank
            FROM (SELECT unnest(${ids}::text[]) AS id, unnest(${ranks}::bigint[]) AS rank) v
            WHERE jobs.id = v.id`;
        }
        return changed.length;
      }),
  };
}

export type JobsStore = ReturnType<typeof createJobsStore>;
