// A job that carries a webhook subscription ended: its delivery is built now, once (the body is
// fixed at creation, so every retry sends the same bytes), and stored; the sender takes it from
// there. Idempotent: a job has one delivery per subscription, so a redelivered event adds nothing.
import { isAppError } from '@tp/errors';
import type { JobEventPayload } from '@tp/events';
import { newId } from '@tp/ids';
import type { Logger } from '@tp/logging';
import type { Job } from '@tp/proto';
import { type Transcript, TranscriptSchema } from '@tp/transcript';
import { deliveryBody, productJob, TRANSCRIPT_EXPORT } from '@tp/webhooks';
import type { JobsClient } from '../clients.ts';
import { webhookEventType } from '../domain/event-types.ts';
import type { DeliveryStore, SubscriptionStore } from '../store/index.ts';

export interface RecordJobEndDeps {
  subscriptions: Pick<SubscriptionStore, 'find'>;
  deliveries: Pick<DeliveryStore, 'create' | 'exists'>;
  jobs: JobsClient;
  now: () => Date;
  /** Wakes the sender (a new delivery is due at once). */
  nudgeSender: () => void;
  /** The largest body with a result (WEBHOOK_MAX_BODY_BYTES); a larger one goes without it. */
  maxBodyBytes: number;
  log: Logger;
}

export type RecordJobEndResult = 'created' | 'exists' | 'skipped';

/** `subject`: the job event's subject; the payload as jobs published it. A failure of jobs throws (retry later). */
export async function recordJobEnd(
  deps: RecordJobEndDeps,
  subject: string,
  payload: JobEventPayload,
): Promise<RecordJobEndResult> {
  const type = webhookEventType(subject);
  const webhookId = payload?.webhook_id ?? null;
  if (type === null || webhookId === null) return 'skipped';
  if (typeof webhookId !== 'string' || typeof payload.job_id !== 'string' || typeof payload.user_id !== 'string') {
    deps.log.error({ subject }, 'job event without job_id, user_id or a readable webhook_id; skipped');
    return 'skipped';
  }
  const log = deps.log.child({ job_id: payload.job_id, webhook_id: webhookId });
  const subscription = await deps.subscriptions.find(webhookId);
  if (!subscription || subscription.userId !== payload.user_id) {
    log.error({ user_id: payload.user_id }, 'job event names no subscription of its user; no delivery');
    return 'skipped';
  }
  if (await deps.deliveries.exists(subscription.id, payload.job_id)) return 'exists';
  const job = await readJob(deps, payload.user_id, payload.job_id);
  if (job === null) {
    log.error('the job of the event is not found; no delivery');
    return 'skipped';
  }
  const transcript = job.status === 'succeeded' ? await readTranscript(deps, payload.user_id, job.jobId) : null;
  const id = newId('whd');
  const { body, resultOmitted } = deliveryBody(
    {
      deliveryId: id,
      type,
      job: productJob(job, transcript),
      occurredAt: payload.occurred_at,
    },
    deps.maxBodyBytes,
  );
  const created = await deps.deliveries.create({
    id,
    subscriptionId: subscription.id,
    userId: payload.user_id,
    jobId: payload.job_id,
    eventType: type,
    body,
    resultOmitted,
    createdAt: deps.now(),
  });
  if (!created) return 'exists';
  log.info({ delivery_id: id, type, result_omitted: resultOmitted }, 'webhook delivery created');
  deps.nudgeSender();
  return 'created';
}

/** The job as jobs has it; null when jobs says it does not exist (a deleted job). */
async function readJob(deps: RecordJobEndDeps, userId: string, jobId: string): Promise<Job | null> {
  try {
    return await deps.jobs.getJob({ userId, jobId }, { user: userId });
  } catch (err) {
    if (isAppError(err) && err.code === 'not_found') return null;
    throw err;
  }
}

/** The canonical transcript of a succeeded job, exported as JSON by jobs. */
async function readTranscript(deps: RecordJobEndDeps, userId: string, jobId: string): Promise<Transcript> {
  const exported = await deps.jobs.exportJob({ userId, jobId, ...TRANSCRIPT_EXPORT }, { user: userId });
  return TranscriptSchema.parse(JSON.parse(exported.content));
}
