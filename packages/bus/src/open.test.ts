import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLifecycle } from '@tp/runtime';
import type { Bus } from './bus.ts';
import { STREAMS } from './declarations.ts';
import type { OutboxRelay } from './outbox.ts';
import { openBus, openOutboxRelay, openPublisher } from './open.ts';
import { type OutboxRow, outboxMessage, outboxTableSql, writeOutbox } from './outbox-table.ts';
import {
  createScratchSchema,
  DATABASE_URL,
  disposeBus,
  NATS_CREDENTIALS_FILE,
  NATS_URL,
  prefixedBus,
  streamMessages,
  testLog,
  uniquePrefix,
  waitFor,
} from './test-harness.ts';

const credentials = NATS_CREDENTIALS_FILE ? { credentialsFile: NATS_CREDENTIALS_FILE } : {};

type Scratch = Awaited<ReturnType<typeof createScratchSchema>>;

async function insertRows(scratch: Scratch, rows: OutboxRow[]): Promise<void> {
  for (const row of rows) {
    await scratch.pool.query(
      `INSERT INTO "${scratch.schema}".outbox (id, subject, payload, headers) VALUES ($1, $2, $3, $4)`,
      [row.id, row.subject, JSON.stringify(row.payload), JSON.stringify(row.headers)],
    );
  }
}

/** A row written to the outbox reaches the stream; the lifecycle stops the relay first, then closes the bus. */
async function publishesThenStops(
  opened: { life: ReturnType<typeof createLifecycle>; scratch: Scratch; bus: Bus; relay: OutboxRelay },
  mediaId: string,
): Promise<void> {
  const { life, scratch, bus, relay } = opened;
  await writeOutbox({ createMany: ({ data }) => insertRows(scratch, data) }, [
    outboxMessage('events.media.verified', { media_id: mediaId }),
  ]);
  relay.nudge();
  await waitFor('the outbox row to be published', async () => (await streamMessages(bus, STREAMS.EVENTS.name)) === 1);
  assert.deepEqual(
    life.stopSteps().map((step) => step.name),
    ['outbox', 'bus'],
  );
  await life.stop();
  assert.equal(bus.connection.isClosed(), true);
}

describe('openBus and openOutboxRelay', () => {
  it('refuse a stream the provisioning has not made, saying so', async (t) => {
    const life = createLifecycle();
    t.after(() => life.stop());
    await assert.rejects(
      openBus(life, {
        ...credentials,
        url: NATS_URL,
        name: 'bus-test-bare',
        prefix: uniquePrefix('bare'),
        log: testLog,
        streams: [STREAMS.EVENTS],
      }),
      /stream T\w+_EVENTS does not exist: provision the bus first/,
    );
  });

  it('connect and check the provisioned streams within a lifecycle, and are released relay first, then the bus', async (t) => {
    const scratch = await createScratchSchema('open');
    t.after(() => scratch.drop());
    await scratch.pool.query(outboxTableSql(scratch.schema));
    const life = createLifecycle();
    const prefix = uniquePrefix('open');
    await (await prefixedBus('open', prefix)).close();
    const bus = await openBus(life, {
      ...credentials,
      url: NATS_URL,
      name: 'bus-test-open',
      prefix,
      log: testLog,
      streams: [STREAMS.EVENTS],
    });
    t.after(() => disposeBus(bus));
    const stream = bus.streamName(STREAMS.EVENTS.name);
    assert.equal((await bus.manager.streams.info(stream)).config.name, stream);
    const url = new URL(DATABASE_URL);
    url.searchParams.set('schema', scratch.schema);
    // The outbox is found in the schema the URL names.
    const relay = await openOutboxRelay(life, { bus, databaseUrl: url.toString(), log: testLog });
    await publishesThenStops({ life, scratch, bus, relay }, 'med_1');
  });

  it('openPublisher: the bus and the relay that feeds it in one step, released relay first', async (t) => {
    const scratch = await createScratchSchema('publisher');
    t.after(() => scratch.drop());
    await scratch.pool.query(outboxTableSql(scratch.schema));
    const life = createLifecycle();
    const url = new URL(DATABASE_URL);
    url.searchParams.set('schema', scratch.schema);
    const prefix = uniquePrefix('publisher');
    await (await prefixedBus('publisher', prefix)).close();
    const { bus, relay } = await openPublisher(life, {
      ...credentials,
      url: NATS_URL,
      name: 'bus-test-publisher',
      prefix,
      log: testLog,
      streams: [STREAMS.EVENTS],
      databaseUrl: url.toString(),
      pollIntervalMs: 20,
    });
    t.after(() => disposeBus(bus));
    await publishesThenStops({ life, scratch, bus, relay }, 'med_2');
  });
});
