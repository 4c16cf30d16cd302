// The dispatcher in production mode (private targets refused), in this process so the egress
// guard can be given a resolver: a name that resolved to a public address when the subscription
// was made resolves to loopback at delivery time (DNS rebinding). The guard refuses it after
// resolution, before any connection; the refusals are recorded and the short schedule ends failed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Resolver } from '@tp/egress';
import { CreateSubscriptionRequest, ListDeliveriesRequest, RedeliverRequest, WebhookServiceService } from '@tp/proto';
import {
  assertCallerChecks,
  createTestBusNamespace,
  createTestDatabase,
  freePort,
  type TestBusNamespace,
  type TestDatabase,
  testServiceKeys,
} from '@tp/testing';
import { WebhookDispatcherConfigSchema } from '../src/config.ts';
import { type RunningWebhookDispatcher, startWebhookDispatcherService } from '../src/service.ts';
import { type FakeJobs, startFakeJobs } from './fake-jobs.ts';
import { type Receiver, startReceiver } from './receiver.ts';
import { type Harness, log, newUserId, SUBJECTS } from './support.ts';
import { connectBus } from '@tp/bus';
import { newId } from '@tp/ids';
import { eventually, testClient } from '@tp/testing';
import { WEBHOOK_ACCESS } from '../src/rpc/access.ts';
import { jobEvent } from '../src/usecases/testing/fakes.ts';

const HOST = 'hooks.example.test';
let lookups = 0;
/** Public while the subscription is made, loopback afterwards. */
const rebinding: Resolver = async (hostname) => {
  if (hostname !== HOST) throw Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' });
  lookups += 1;
  return lookups === 1 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
};

let database: TestDatabase;
let namespace: TestBusNamespace;
let jobs: FakeJobs;
let receiver: Receiver;
let service: RunningWebhookDispatcher;
let webhooks: Harness['webhooks'];
let address: string;

before(async () => {
  [database, jobs, receiver] = await Promise.all([
    createTestDatabase({ service: 'webhook-dispatcher' }),
    startFakeJobs(log),
    startReceiver(),
  ]);
  namespace = createTestBusNamespace();
  const config = WebhookDispatcherConfigSchema.parse({
    GRPC_PORT: String(await freePort()),
    OPS_PORT: String(await freePort()),
    DATABASE_URL: database.serviceUrl,
    ...(await namespace.serviceEnv('webhook-dispatcher')),
    JOBS_GRPC_ADDR: jobs.address,
    WEBHOOK_SECRETS_KEY: Buffer.alloc(32, 3).toString('base64'),
    WEBHOOK_RETRY_SCHEDULE: '50ms,50ms',
    WEBHOOK_POLL_INTERVAL_MS: '50',
    LOG_LEVEL: 'silent',
    ...testServiceKeys().env('webhook-dispatcher'),
  });
  assert.equal(config.EGRESS_ALLOW_PRIVATE_TARGETS, false, 'production mode is the default');
  service = await startWebhookDispatcherService(config, log, { resolver: rebinding });
  address = `127.0.0.1:${service.grpcPort}`;
  webhooks = testClient(WebhookServiceService, address, { audience: 'webhook-dispatcher', as: WEBHOOK_ACCESS });
});
after(async () => {
  webhooks?.close();
  await service?.stop();
  await receiver?.close();
  await jobs?.stop();
  await namespace?.cleanup();
  await database?.drop();
});

describe('the egress guard at delivery', () => {
  it('refuses an address that turned private, connects nowhere, and fails once the schedule is used up', async () => {
    const userId = newUserId();
    const url = `http://${HOST}:${receiver.port}/hooks`;
    const { subscriptionId } = await webhooks.createSubscription({ userId, url, secret: 'a'.repeat(16) });
    const jobId = newId('job');
    jobs.endJob({ jobId, userId, status: 'cancelled' });
    const bus = await connectBus({
      url: namespace.natsUrl,
      prefix: namespace.prefix,
      name: 'egress-test',
      credentialsFile: namespace.credentialsFile,
      log,
    });
    try {
      await bus.publish(
        SUBJECTS.cancelled,
        jobEvent(jobId, subscriptionId, 'cancelled', userId, new Date().toISOString()),
      );
    } finally {
      await bus.close();
    }
    const failed = await eventually('the delivery to fail', async () => {
      const { deliveries } = await webhooks.listDeliveries({ userId, jobId }).catch(() => ({ deliveries: [] }));
      return deliveries[0]?.status === 'failed' ? deliveries[0] : undefined;
    });
    assert.equal(failed.attemptCount, 3, 'the first try and the two of the schedule');
    for (const attempt of failed.attempts) {
      assert.equal(attempt.statusCode, 0);
      assert.equal(
        attempt.error,
        'refused by the egress guard: webhook_url resolves to 127.0.0.1, a loopback address.',
      );
    }
    assert.equal(receiver.received.length, 0, 'no connection was made');
    assert.equal(failed.nextAttemptAt, undefined);
  });
});

describe('service identity (ADR 0011)', () => {
  it('checks its callers: the gateway alone, for the user the request names', async () => {
    await assertCallerChecks({
      definition: WebhookServiceService,
      address,
      audience: 'webhook-dispatcher',
      forUser: {
        method: 'listDeliveries',
        request: (userId) => ListDeliveriesRequest.fromPartial({ userId, jobId: 'job_x' }),
      },
      notAllowed: [
        {
          method: 'createSubscription',
          request: CreateSubscriptionRequest.fromPartial({ userId: 'usr_x' }),
          caller: 'jobs',
        },
        { method: 'redeliver', request: RedeliverRequest.fromPartial({ userId: 'usr_x' }), caller: 'worker' },
      ],
    });
  });
});
