// The sender's side of the deliveries: claiming due ones under a lease (FOR UPDATE SKIP LOCKED,
// so replicas never claim the same row at once) and recording an attempt's outcome, guarded by
// the lease so a sender whose lease expired and was taken over cannot overwrite the newer state.
import type { PrismaClient } from '../generated/prisma/client.ts';

export interface ClaimedDelivery {
  id: string;
  subscriptionId: string;
  body: string;
  attemptCount: number;
  scheduleStep: number;
  url: string;
  secretSealed: Uint8Array;
}

export interface RecordedAttempt {
  deliveryId: string;
  lease: string;
  startedAt: Date;
  statusCode: number;
  error: string;
  durationMs: number;
  status: string;
  nextAttemptAt: Date | null;
  scheduleStep: number;
  /** Set when delivered. */
  deliveredAt: Date | null;
}

interface ClaimRow {
  id: string;
  subscription_id: string;
  body: string;
  attempt_count: number;
  schedule_step: number;
  url: string;
  secret_sealed: Uint8Array;
}

export function createClaimStore(prisma: PrismaClient) {
  return {
    /** Claims up to `limit` deliveries due at `now` that no live lease holds, for `leaseMs`, as `lease`. */
    async claimDue(lease: string, now: Date, leaseMs: number, limit: number): Promise<ClaimedDelivery[]> {
      const until = new Date(now.getTime() + leaseMs);
      const rows = await prisma.$queryRaw<ClaimRow[]>`
        WITH due AS (
          SELECT id FROM deliveries
          WHERE status = 'pending' AND next_attempt_at <= ${now}
            AND (lease_until IS NULL OR lease_until <= ${now})
          ORDER BY next_attempt_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE deliveries d SET lease_owner = ${lease}, lease_until = ${until}
        FROM due, subscriptions s
        WHERE d.id = due.id AND s.id = d.subscription_id
        RETURNING d.id, d.subscription_id, d.body, d.attempt_count, d.schedule_step, s.url, s.secret_sealed`;
      return rows.map((row) => ({
        id: row.id,
        subscriptionId: row.subscription_id,
        body: row.body,
        attemptCount: row.attempt_count,
        scheduleStep: row.schedule_step,
        url: row.url,
        secretSealed: row.secret_sealed,
      }));
    },

    /** Records an attempt and the delivery's next state; false when the lease was lost (nothing written). */
    async recordAttempt(attempt: RecordedAttempt): Promise<boolean> {
      return prisma.$transaction(async (tx) => {
        const held = await tx.$queryRaw<{ attempt_count: number }[]>`
          SELECT attempt_count FROM deliveries
          WHERE id = ${attempt.deliveryId} AND lease_owner = ${attempt.lease} FOR UPDATE`;
        const current = held[0];
        if (!current) return false;
        const number = current.attempt_count + 1;
        await tx.deliveryAttempt.create({
          data: {
            deliveryId: attempt.deliveryId,
            number,
            startedAt: attempt.startedAt,
            statusCode: attempt.statusCode,
            error: attempt.error,
            durationMs: attempt.durationMs,
          },
        });
        await tx.delivery.update({
          where: { id: attempt.deliveryId },
          data: {
            attemptCount: number,
            status: attempt.status,
            nextAttemptAt: attempt.nextAttemptAt,
            scheduleStep: attempt.scheduleStep,
            deliveredAt: attempt.deliveredAt,
            leaseOwner: null,
            leaseUntil: null,
          },
        });
        return true;
      });
    },

    /** The earliest time a pending delivery is due (the sender sleeps until then at most). */
    async nextDue(): Promise<Date | null> {
      const row = await prisma.delivery.findFirst({
        where: { status: 'pending' },
        orderBy: { nextAttemptAt: 'asc' },
        select: { nextAttemptAt: true },
      });
      return row?.nextAttemptAt ?? null;
    },
  };
}

export type ClaimStore = ReturnType<typeof createClaimStore>;
