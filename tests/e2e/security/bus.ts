// Least privilege on the bus (ADR 0041), against the run's real NATS with authorization on: each
// service's own credentials, minted for this fleet's namespace as the chart's are for a cluster,
// used as an attacker who owns that pod would use them. Each refusal is the server's; the same
// call with the tests' own credentials (every subject) succeeds, so the refusal is the role's.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { connect, credsAuthenticator, type NatsConnection } from '@nats-io/transport-node';
import { BUCKETS, type BusRole, busUserCredentials, createBusAuthority, STREAMS } from '@tp/bus';
import { ACCOUNT_EVENTS, JOB_EVENTS } from '@tp/events';
import { connectAs, fleet } from '../support/security.ts';

const PERMISSION = /Permissions Violation/;

async function withRole<T>(role: BusRole, use: (nc: NatsConnection) => Promise<T>): Promise<T> {
  const nc = await connectAs(role);
  try {
    return await use(nc);
  } finally {
    await nc.close();
  }
}

async function withTests<T>(use: (nc: NatsConnection) => Promise<T>): Promise<T> {
  const nc = await connect({ ...fleet.natsNamespace.connectOptions(), timeout: 5_000 });
  try {
    return await use(nc);
  } finally {
    await nc.close();
  }
}

const subject = (logical: string) => `${fleet.natsPrefix}.${logical}`;
const stream = (logical: string) => `${fleet.natsPrefix.toUpperCase()}_${logical}`;

async function eventCount(filter: string): Promise<number> {
  return withTests(async (nc) => {
    const info = await (await jetstreamManager(nc)).streams.info(stream(STREAMS.EVENTS.name), {
      subjects_filter: subject(filter),
    });
    return Object.values(info.state.subjects ?? {}).reduce((sum, n) => sum + n, 0);
  });
}

export function busTests(): void {
  describe('the bus (NATS with authorization, ADR 0041)', () => {
    it('refuses an anonymous connection, and credentials another authority signed', async () => {
      await assert.rejects(connect({ servers: fleet.natsUrl, timeout: 5_000 }), /Authorization Violation/);
      const forged = await busUserCredentials(createBusAuthority(), {
        name: 'worker',
        permissions: { pub: { allow: ['>'] }, sub: { allow: ['>'] } },
      });
      await assert.rejects(
        connect({ servers: fleet.natsUrl, authenticator: credsAuthenticator(new TextEncoder().encode(forged)) }),
        /Authorization Violation/,
      );
    });

    it("the worker's credentials cannot publish an account's deletion, which the tests' own can", async () => {
      const before = await eventCount(ACCOUNT_EVENTS.deleted);
      const payload = JSON.stringify({ user_id: 'usr_victim' });
      await withRole('worker', async (nc) => {
        await assert.rejects(jetstream(nc).publish(subject(ACCOUNT_EVENTS.deleted), payload), PERMISSION);
      });
      assert.equal(await eventCount(ACCOUNT_EVENTS.deleted), before, 'nothing reached the stream');
      await withTests((nc) => jetstream(nc).publish(subject(ACCOUNT_EVENTS.deleted), payload));
      assert.equal(await eventCount(ACCOUNT_EVENTS.deleted), before + 1);
    });

    it("the worker's credentials can neither write nor read a rate-limit counter; the gateway's can", async () => {
      const bucket = stream(BUCKETS.RATE_LIMITS.name);
      await withRole('worker', async (nc) => {
        const kv = await new Kvm(jetstream(nc)).open(bucket);
        await assert.rejects(kv.put('token.tok_victim', '{"w":0,"n":0}'), PERMISSION);
        await assert.rejects(kv.get('token.tok_victim'), PERMISSION);
      });
      await withRole('gateway', async (nc) => {
        const kv = await new Kvm(jetstream(nc)).open(bucket);
        await kv.put('token.tok_probe', '{"w":0,"n":1}');
        assert.equal((await kv.get('token.tok_probe'))?.string(), '{"w":0,"n":1}');
      });
    });

    it('no service may make or delete a stream, and only the provisioner may', async () => {
      for (const role of ['worker', 'gateway', 'jobs'] as const) {
        await withRole(role, async (nc) => {
          const jsm = await jetstreamManager(nc);
          await assert.rejects(jsm.streams.add({ name: stream('EVIL'), subjects: [subject('evil.>')] }), PERMISSION);
          await assert.rejects(jsm.streams.delete(stream(STREAMS.WORK.name)), PERMISSION);
        });
      }
      await withRole('provisioner', async (nc) => {
        const jsm = await jetstreamManager(nc);
        await jsm.streams.add({ name: stream('MADE'), subjects: [subject('made.>')] });
        await jsm.streams.delete(stream('MADE'));
      });
    });

    it("the worker and the gateway cannot pull from another service's durable consumer", async () => {
      const durable = 'shares-account-deleted';
      await withTests(async (nc) => {
        await (await jetstreamManager(nc)).consumers.add(stream(STREAMS.EVENTS.name), {
          durable_name: durable,
          filter_subject: subject(ACCOUNT_EVENTS.deleted),
          ack_policy: 'explicit' as never,
        });
      });
      for (const role of ['worker', 'gateway'] as const)
        await withRole(role, async (nc) => {
          const consumer = jetstream(nc).consumers.get(stream(STREAMS.EVENTS.name), durable);
          await assert.rejects(consumer, PERMISSION, role);
        });
      await withRole('shares', async (nc) => {
        const consumer = await jetstream(nc).consumers.get(stream(STREAMS.EVENTS.name), durable);
        assert.equal((await consumer.info()).name, durable, 'its owner reads it');
      });
    });

    it("the gateway may not publish a job's end, nor jobs a worker's window item", async () => {
      await withRole('gateway', async (nc) => {
        await assert.rejects(jetstream(nc).publish(subject(JOB_EVENTS.succeeded), '{}'), PERMISSION);
      });
      await withRole('jobs', async (nc) => {
        await assert.rejects(jetstream(nc).publish(subject('work.window.cpu'), '{}'), PERMISSION);
      });
    });
  });
}
