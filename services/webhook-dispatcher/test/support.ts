// The dispatcher under test as a process of a test fleet (real PostgreSQL and NATS), a JobsService
// on loopback that checks its service tokens, receivers on loopback, and the job events a test
// publishes as jobs does.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { connectBus, type Bus } from '@tp/bus';
import { isAppError } from '@tp/errors';
import { JOB_EVENTS } from '@tp/events';
import { newId } from '@tp/ids';
import { createLogger } from '@tp/logging';
import { type Delivery, WebhookServiceService } from '@tp/proto';
import { eventually, type Fleet, startFleet, testClient } from '@tp/testing';
import { WEBHOOK_ACCESS } from '../src/rpc/access.ts';
import { jobEvent } from '../src/usecases/testing/fakes.ts';
import { type FakeJobs, startFakeJobs } from './fake-jobs.ts';
import { type Receiver, startReceiver } from './receiver.ts';

export const log = createLogger({
  service: 'webhook-dispatcher-test',
  level: (process.env.TEST_LOG_LEVEL as 'error' | undefined) ?? 'error',
});

export type WebhookClient = ReturnType<typeof testClient<typeof WebhookServiceService>>;

export interface Harness {
  fleet: Fleet;
  jobs: FakeJobs;
  bus: Bus;
  webhooks: WebhookClient;
  /** Ends a job of `userId` at jobs and publishes its event carrying the subscription. */
  endJob(input: { userId: string; webhookId: string; status?: 'succeeded' | 'failed' | 'cancelled' }): Promise<string>;
  /** The job's one delivery once `done` accepts it (polled through ListDeliveries). */
  deliveryOf(
    userId: string,
    jobId: string,
    done: (delivery: Delivery) => boolean,
    timeoutMs?: number,
  ): Promise<Delivery>;
  dispose(): Promise<void>;
}

export const SUBJECTS = {
  succeeded: JOB_EVENTS.succeeded,
  failed: JOB_EVENTS.failed,
  cancelled: JOB_EVENTS.cancelled,
} as const;

export const newUserId = (): string => newId('usr');

/** `env`: the dispatcher's settings on top of the fleet's (a retry schedule, a timeout). */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const jobs = await startFakeJobs(log);
  const fleet = await startFleet({
    services: ['webhook-dispatcher'],
    webhookDispatcherEnv: { JOBS_GRPC_ADDR: jobs.address, WEBHOOK_TIMEOUT_MS: '1500', ...env },
  });
  const bus = await connectBus({
    url: fleet.natsUrl,
    prefix: fleet.natsPrefix,
    name: 'webhook-test',
    credentialsFile: fleet.natsCredentialsFile,
    log,
  });
  const webhooks = testClient(WebhookServiceService, fleet.grpcAddr('webhook-dispatcher'), {
    audience: 'webhook-dispatcher',
    as: WEBHOOK_ACCESS,
    defaultDeadlineMs: 30_000,
  });
  return {
    fleet,
    jobs,
    bus,
    webhooks,
    async endJob({ userId, webhookId, status = 'succeeded' }) {
      const jobId = newId('job');
      jobs.endJob({ jobId, userId, status });
      const payload = jobEvent(jobId, webhookId, status, userId, new Date().toISOString());
      await bus.publish(SUBJECTS[status], payload);
      return jobId;
    },
    deliveryOf: (userId, jobId, done, timeoutMs = 20_000) =>
      eventually(
        `a delivery of ${jobId} as expected`,
        async () => {
          const listed = await webhooks.listDeliveries({ userId, jobId }).catch(() => undefined);
          const delivery = listed?.deliveries[0];
          return delivery && done(delivery) ? delivery : undefined;
        },
        timeoutMs,
      ),
    async dispose() {
      webhooks.close();
      await bus.close();
      await fleet.stop();
      await jobs.stop();
    },
  };
}

/** A harness and a receiver for the tests of one file, started before them and stopped after. */
export function setUp(ready: (h: Harness, receiver: Receiver) => void, env: Record<string, string> = {}): void {
  let h: Harness | undefined;
  let receiver: Receiver | undefined;
  before(async () => {
    h = await startHarness(env);
    receiver = await startReceiver();
    ready(h, receiver);
  });
  after(async () => {
    await receiver?.close();
    await h?.dispose();
  });
}

/** The stable code a call fails with ('ok' when it succeeds). */
export async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (err) {
    assert.ok(isAppError(err), String(err));
    return err.code;
  }
}
