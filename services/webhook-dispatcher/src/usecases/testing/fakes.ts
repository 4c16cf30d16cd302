// The webhook dispatcher's use cases over in-memory stand-ins: the subscriptions, deliveries and
// claims of store/ as plain rows (a job has one delivery per subscription; an attempt is recorded
// only under its lease), and jobs answering for the jobs a test ends.
import { AppError } from '@tp/errors';
import type { JobEventPayload } from '@tp/events';
import { captureLogger } from '@tp/logging';
import { Job } from '@tp/proto';
import { exampleTranscript } from '@tp/transcript';
import type { JobsClient } from '../../clients.ts';
import { secretBox } from '../../domain/secret-box.ts';
import type {
  ClaimStore,
  Delivery,
  DeliveryAttempt,
  DeliveryStore,
  DeliveryView,
  Subscription,
  SubscriptionStore,
} from '../../store/index.ts';

/** A store part as a use case awaits it: Prisma's query-builder promises become plain ones of the same rows. */
type Plain<S> = {
  [K in keyof S]: S[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : S[K];
};

export const USER = 'usr_alice';
export const OTHER_USER = 'usr_bob';

function fakeStore() {
  const subscriptions = new Map<string, Subscription>();
  const deliveries = new Map<string, Delivery>();
  const attempts: DeliveryAttempt[] = [];
  /** The lease each claimed delivery is held under. */
  const leases = new Map<string, string>();
  const view = (d: Delivery): DeliveryView => ({
    ...d,
    url: subscriptions.get(d.subscriptionId)?.url ?? '',
    attempts: attempts.filter((a) => a.deliveryId === d.id),
  });
  const subscriptionStore: Plain<SubscriptionStore> = {
    create: async (s) => {
      subscriptions.set(s.id, { ...s });
      return { ...s };
    },
    find: async (id) => subscriptions.get(id) ?? null,
  };
  const deliveryStore: Plain<Omit<DeliveryStore, 'pendingSummary'>> = {
    create: async (d) => {
      if ([...deliveries.values()].some((x) => x.subscriptionId === d.subscriptionId && x.jobId === d.jobId))
        return false;
      const row = { ...d, status: 'pending', attemptCount: 0, scheduleStep: 0, nextAttemptAt: d.createdAt };
      deliveries.set(d.id, { ...row, leaseOwner: null, leaseUntil: null, deliveredAt: null });
      return true;
    },
    exists: async (subscriptionId, jobId) =>
      [...deliveries.values()].some((d) => d.subscriptionId === subscriptionId && d.jobId === jobId),
    listForJob: async (userId, jobId) =>
      [...deliveries.values()]
        .filter((d) => d.userId === userId && d.jobId === jobId)
        .reverse()
        .map(view),
    find: async (userId, jobId, id) => {
      const d = deliveries.get(id);
      return d && d.userId === userId && d.jobId === jobId ? view(d) : null;
    },
    restart: async (id, now) => {
      const d = deliveries.get(id);
      if (d && d.status !== 'pending')
        Object.assign(d, { status: 'pending', nextAttemptAt: now, scheduleStep: 0, deliveredAt: null });
    },
  };
  const claims: Plain<Pick<ClaimStore, 'recordAttempt'>> = {
    recordAttempt: async (a) => {
      const d = deliveries.get(a.deliveryId);
      if (!d || leases.get(d.id) !== a.lease) return false;
      d.attemptCount += 1;
      const { deliveryId, startedAt, statusCode, error, durationMs } = a;
      attempts.push({ deliveryId, number: d.attemptCount, startedAt, statusCode, error, durationMs });
      const { status, nextAttemptAt, scheduleStep, deliveredAt } = a;
      Object.assign(d, { status, nextAttemptAt, scheduleStep, deliveredAt });
      leases.delete(d.id);
      return true;
    },
  };
  return {
    // The one cast of the fakes: the store's methods are typed by Prisma's promises, these are plain ones.
    subscriptions: subscriptionStore as unknown as SubscriptionStore,
    deliveries: deliveryStore as unknown as DeliveryStore,
    claims: claims as unknown as ClaimStore,
    rows: { subscriptions, deliveries, attempts, leases },
  };
}

/** Jobs as the dispatcher asks it: the jobs a test ended, not_found for any other. */
function fakeJobs() {
  const jobs = new Map<string, Job>();
  const calls: string[] = [];
  const find = (userId: string, jobId: string): Job => {
    const job = jobs.get(jobId);
    if (!job || job.userId !== userId) throw new AppError('not_found', 'The job was not found.');
    return job;
  };
  const client: JobsClient = {
    getJob: async (request) => {
      calls.push(`getJob ${request.jobId}`);
      return find(request.userId, request.jobId);
    },
    exportJob: async (request) => {
      calls.push(`exportJob ${request.jobId} ${request.format}`);
      find(request.userId, request.jobId);
      return { content: JSON.stringify(exampleTranscript()), contentType: 'application/json', fileName: 't.json' };
    },
  };
  return {
    client,
    calls,
    end(job: { jobId: string; userId: string; status: string; errorCode?: string }): void {
      jobs.set(job.jobId, Job.fromPartial({ type: 'transcription', profile: 'base', ...job }));
    },
  };
}

export function webhookWorld() {
  let at = new Date('2030-01-01T12:00:00Z').getTime();
  const clock = {
    now: () => new Date(at),
    advance(ms: number): void {
      at += ms;
    },
  };
  const store = fakeStore();
  const jobs = fakeJobs();
  const { log, lines } = captureLogger('webhook-test');
  const counts = { nudges: 0 };
  const deps = {
    subscriptions: store.subscriptions,
    deliveries: store.deliveries,
    claims: store.claims,
    jobs: jobs.client,
    secrets: secretBox(Buffer.alloc(32, 7).toString('base64')),
    egress: { policy: { allowPrivateTargets: true } },
    now: clock.now,
    nudgeSender: () => {
      counts.nudges += 1;
    },
    maxBodyBytes: 256 * 1024,
    // Ample for loopback however loaded the machine; the timeout's own test sets a short one.
    timeoutMs: 30_000,
    schedule: [5_000, 60_000],
    random: () => 0.5,
    log,
  };
  return {
    deps,
    rows: store.rows,
    jobs,
    clock,
    counts,
    logged: (level: string) => lines.filter((line) => line.level === level).map((line) => String(line.msg)),
  };
}

export type WebhookWorld = ReturnType<typeof webhookWorld>;

/** A job event as jobs publishes it: `userId`'s job `jobId` ended with `status`, naming subscription `webhookId`. */
export const jobEvent = (
  jobId: string,
  webhookId: string | null,
  status: JobEventPayload['status'] = 'succeeded',
  userId = USER,
  occurredAt = '2030-01-01T11:59:00.000Z',
) =>
  ({
    job_id: jobId,
    user_id: userId,
    workspace_id: null,
    type: 'transcription',
    status,
    parent_job_id: null,
    artifact_ids: [],
    error_code: status === 'failed' ? 'media_unplayable' : null,
    webhook_id: webhookId,
    occurred_at: occurredAt,
  }) satisfies JobEventPayload;

/** A world where USER's subscription whs_1 has one delivery (whd_1, of job_1) in `status`. */
export async function deliveryWorld(status: string) {
  const world = webhookWorld();
  const at = new Date('2030-01-01T11:00:00Z');
  await world.deps.subscriptions.create({
    id: 'whs_1',
    userId: USER,
    url: 'https://x.test/h',
    secretSealed: new Uint8Array(),
    createdAt: at,
  });
  await world.deps.deliveries.create({
    id: 'whd_1',
    subscriptionId: 'whs_1',
    userId: USER,
    jobId: 'job_1',
    eventType: 'transcription.completed',
    body: '{}',
    resultOmitted: false,
    createdAt: at,
  });
  Object.assign(world.rows.deliveries.get('whd_1')!, {
    status,
    scheduleStep: 2,
    deliveredAt: status === 'delivered' ? at : null,
  });
  return world;
}
