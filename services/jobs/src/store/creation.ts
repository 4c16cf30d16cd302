import type { OutboxMessage } from '@tp/bus';
import { currentTraceparent } from '@tp/telemetry';
import type { NewJob } from '../domain/creation.ts';
import type { BillingState } from '../domain/job-rules.ts';
import { storedOptionsText } from '../domain/stored-options.ts';
import { workTicket } from '../events/job-events.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { recordLimit } from './concurrency.ts';
import { inTransaction, type Tx, writeOutbox } from './transaction.ts';
import { announce, refreshParent } from './transitions.ts';

/**
 * Step 1 of a creation: the rows (invisible, unclaimable: hold_state reserving) and the
 * Idempotency-Key, in one transaction. A key already taken throws P2002 (isUniqueViolation).
 */
async function createPending(
  tx: Tx,
  jobs: readonly NewJob[],
  idempotency: { key: string; requestHash: string } | null,
  at: Date,
): Promise<void> {
  // The request's trace (CreateJob's server span), for the worker to continue whichever ticket runs the job.
  const traceParent = currentTraceparent() ?? null;
  await tx.job.createMany({
    data: jobs.map(({ options, ...job }) => ({
      ...job,
      optionsJson: storedOptionsText(options),
      traceParent,
      status: 'queued',
      holdState: 'reserving',
      billingState: 'none',
      createdAt: at,
    })),
  });
  if (idempotency)
    await tx.idempotencyKey.create({
      data: {
        userId: jobs[0]!.userId,
        key: idempotency.key,
        requestHash: idempotency.requestHash,
        jobId: jobs[0]!.id,
        createdAt: at,
      },
    });
}

/**
 * Step 3 of a creation (after the holds): the jobs become visible and claimable, with their
 * work tickets and `queued` events, in one transaction. False when the creation was abandoned
 * meanwhile (the reconciler found it too old); nothing is changed then.
 */
async function admit(
  tx: Tx,
  jobs: readonly NewJob[],
  heldMicro: ReadonlyMap<string, bigint>,
  at: Date,
  limit: { maxConcurrentJobs: number | null; fallback: number },
): Promise<boolean> {
  const ids = jobs.map((job) => job.id).sort();
  const locked = await tx.$queryRaw<
    { id: string; hold_state: string }[]
  >`SELECT id, hold_state FROM jobs WHERE id = ANY(${ids}::text[]) ORDER BY id FOR UPDATE`;
  if (locked.length !== jobs.length || locked.some((row) => row.hold_state !== 'reserving')) return false;
  // Before the new jobs are held: tickets for a grown limit go to the jobs already waiting.
  if (limit.maxConcurrentJobs !== null) await recordLimit(tx, jobs[0]!.userId, limit.maxConcurrentJobs, limit.fallback);
  const messages: OutboxMessage[] = [];
  for (const job of jobs.filter((j) => j.itemCount === 0)) {
    // A client-local job has no hold and no ticket (no worker takes it); its idle clock starts now (ADR 0023).
    const clientLocal = job.executionMode === 'client_local';
    const held = heldMicro.get(job.id);
    const updated = await tx.job.update({
      where: { id: job.id },
      data: {
        holdState: 'held',
        billingState: held === undefined ? 'none' : 'held',
        reservedMicro: held ?? 0n,
        ...(clientLocal ? { heartbeatAt: at } : {}),
      },
    });
    messages.push(...(clientLocal ? [] : [workTicket(updated)]), announce(tx, updated, at));
  }
  for (const parent of jobs.filter((j) => j.itemCount > 0)) {
    await tx.job.update({ where: { id: parent.id }, data: { holdState: 'held' } });
    const updated = await refreshParent(tx, parent.id, at);
    messages.push(announce(tx, updated, at));
  }
  await writeOutbox(tx, messages);
  return true;
}

/**
 * A creation that will not finish: its rows are marked abandoned (failed, invisible forever) with
 * the billing step each needs, and its Idempotency-Key is forgotten, so a retry creates anew.
 * False when the creation had already been admitted or abandoned.
 */
async function abandon(
  tx: Tx,
  topId: string,
  billing: ReadonlyMap<string, BillingState>,
  error: { code: string; message: string },
  at: Date,
): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string; hold_state: string }[]>`
    SELECT id, hold_state FROM jobs WHERE id = ${topId} OR parent_job_id = ${topId} ORDER BY id FOR UPDATE`;
  if (rows.length === 0 || rows.some((row) => row.hold_state !== 'reserving')) return false;
  for (const row of rows) {
    await tx.job.update({
      where: { id: row.id },
      data: {
        holdState: 'abandoned',
        status: 'failed',
        errorCode: error.code,
        errorMessage: error.message,
        finishedAt: at,
        billingState: billing.get(row.id) ?? 'none',
      },
    });
  }
  await tx.idempotencyKey.deleteMany({ where: { jobId: topId } });
  return true;
}

/** Deletes an abandoned creation whose holds are all gone (nothing left to reconcile). */
async function deleteAbandoned(tx: Tx, topId: string): Promise<boolean> {
  const open = await tx.job.count({
    where: { OR: [{ id: topId }, { parentJobId: topId }], billingState: { notIn: ['none', 'released'] } },
  });
  if (open > 0) return false;
  await tx.job.deleteMany({ where: { id: topId, holdState: 'abandoned' } });
  return true;
}

/**
 * The creation of jobs, in steps that a crash may interrupt (see usecases/create-job.ts).
 * `defaultMaxConcurrentJobs`: the limit of a user who has none recorded yet.
 */
export function createCreationStore(prisma: PrismaClient, limits: { defaultMaxConcurrentJobs: number }) {
  return {
    createPending: (jobs: readonly NewJob[], idempotency: { key: string; requestHash: string } | null, at: Date) =>
      inTransaction(prisma, (tx) => createPending(tx, jobs, idempotency, at)),
    /** Step 3; `maxConcurrentJobs` is the user's plan limit as billing's profile says now (null: unknown, kept). */
    admit: (
      jobs: readonly NewJob[],
      heldMicro: ReadonlyMap<string, bigint>,
      at: Date,
      maxConcurrentJobs: number | null,
    ) =>
      inTransaction(prisma, (tx) =>
        admit(tx, jobs, heldMicro, at, { maxConcurrentJobs, fallback: limits.defaultMaxConcurrentJobs }),
      ),
    abandon: (
      topId: string,
      billing: ReadonlyMap<string, BillingState>,
      error: { code: string; message: string },
      at: Date,
    ) => inTransaction(prisma, (tx) => abandon(tx, topId, billing, error, at)),
    deleteAbandoned: (topId: string) => inTransaction(prisma, (tx) => deleteAbandoned(tx, topId)),

    /** Top-level creations still reserving that began before the cutoff (their creator died or hung). */
    stuckCreations: (before: Date, limit: number) =>
      prisma.job.findMany({
        where: { holdState: 'reserving', parentJobId: null, createdAt: { lte: before } },
        orderBy: { createdAt: 'asc' },
        take: limit,
        include: { items: true },
      }),
  };
}

export type CreationStore = ReturnType<typeof createCreationStore>;
