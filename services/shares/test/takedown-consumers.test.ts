import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type pg from 'pg';
import { type Bus, connectBus, STREAMS, type Subscription } from '@tp/bus';
import { createPgAdapter } from '@tp/db';
import { AppError } from '@tp/errors';
import { ACCOUNT_EVENTS, MEDIA_EVENTS } from '@tp/events';
import { newId } from '@tp/ids';
import { createLogger } from '@tp/logging';
import {
  connectToSchema,
  createTestBusNamespace,
  createTestDatabase,
  eventually,
  type TestBusNamespace,
  type TestDatabase,
} from '@tp/testing';
import { issueToken } from '../src/domain/tokens.ts';
import {
  ACCOUNT_DELETED_DURABLE,
  handleAccountDeleted,
  handleMediaDeleted,
  MEDIA_DELETED_DURABLE,
  startTakedownConsumers,
  type TakedownHandlerDeps,
} from '../src/events/takedown-consumers.ts';
import { PrismaClient } from '../src/generated/prisma/client.ts';
import { createSharesStore, type SharesStore } from '../src/store/index.ts';
import type { SourceFacts } from '../src/usecases/source-facts.ts';

// The take-down consumers on real NATS and PostgreSQL, without the rest of the fleet: events are
// published as media and accounts publish them, what media and accounts would answer about the
// deletion is a fake of the handlers' `sources` (the fleet's tests ask the real ones), and the
// shares' rows say what was taken down.

// Silent: the malformed events below are logged as errors by design.
const log = createLogger({ service: 'shares-test', level: 'silent' });
const at = new Date('2026-11-22T12:00:00Z');
let database: TestDatabase;
let namespace: TestBusNamespace;
let prisma: PrismaClient;
let store: SharesStore;
let db: pg.Client;
let bus: Bus;
let consumers: Subscription[] = [];
let deps: TakedownHandlerDeps;

/**
 * What the owning services would say is gone ("usr/med" for media); while `away`, they cannot be
 * asked (`refused` counts those attempts).
 */
const sourcesSay = { goneMedia: new Set<string>(), goneAccounts: new Set<string>(), away: false, refused: 0 };
const sources: SourceFacts = {
  async mediaGone(userId, mediaId) {
    if (sourcesSay.away) {
      sourcesSay.refused += 1;
      throw new AppError('service_unavailable', 'media is away');
    }
    return sourcesSay.goneMedia.has(`${userId}/${mediaId}`);
  },
  async accountGone(userId) {
    if (sourcesSay.away) throw new AppError('service_unavailable', 'accounts is away');
    return sourcesSay.goneAccounts.has(userId);
  },
};

before(async () => {
  database = await createTestDatabase({ service: 'shares' });
  namespace = createTestBusNamespace();
  prisma = new PrismaClient({ adapter: createPgAdapter(database.databaseUrl) });
  store = createSharesStore(prisma);
  db = await connectToSchema(database.databaseUrl);
  bus = await connectBus({
    url: namespace.natsUrl,
    name: 'shares-takedown-test',
    prefix: namespace.prefix,
    credentialsFile: namespace.credentialsFile,
    log,
  });
  await bus.ensureStreams([STREAMS.EVENTS]);
  deps = { takedowns: store.takedowns, sources, log, now: () => at };
  consumers = await startTakedownConsumers({ bus, ...deps });
});

after(async () => {
  for (const consumer of consumers) await consumer.stop();
  await bus?.close();
  await db?.end();
  await prisma?.$disconnect();
  await namespace?.cleanup();
  await database?.drop();
});

/** A live share of the user's transcript of `mediaId`; its id. */
async function liveShare(userId: string, mediaId: string): Promise<string> {
  const token = issueToken();
  const result = await store.shares.createShare(
    {
      id: newId('shr'),
      userId,
      shareKind: 'transcript',
      accessScope: 'everyone',
      targetId: newId('art'),
      targetVersionId: null,
      mediaId,
      title: 'Interview',
      tokenHash: token.hash,
      tokenHint: token.hint,
      expiresAt: null,
      createdAt: new Date(at.getTime() - 60_000),
    },
    50,
  );
  assert.equal(result.outcome, 'created');
  return result.outcome === 'created' ? result.share.id : '';
}

/** Each share's take-down: [reason, when] or null while it is up. */
const takedowns = async (shareIds: string[]) =>
  (
    await db.query<{ id: string; takedown_reason: string | null; taken_down_at: Date | null }>(
      'SELECT id, takedown_reason, taken_down_at FROM shares WHERE id = ANY($1)',
      [shareIds],
    )
  ).rows
    .sort((a, b) => shareIds.indexOf(a.id) - shareIds.indexOf(b.id))
    .map((row) => (row.takedown_reason === null ? null : [row.takedown_reason, row.taken_down_at?.toISOString()]));

/** Publishes the events and waits until the durable has acknowledged each of them. */
async function deliver(subject: string, durable: string, payloads: unknown[]): Promise<void> {
  let last = 0;
  for (const payload of payloads) last = (await bus.publish(subject, payload)).seq;
  await eventually(
    `${durable} acknowledged the events`,
    async () =>
      (await bus.manager.consumers.info(bus.streamName(STREAMS.EVENTS.name), durable)).ack_floor.stream_seq >= last,
    30_000,
  );
}

const mediaDeleted = (mediaId: string, userId: string) => ({
  media_id: mediaId,
  user_id: userId,
  workspace_id: null,
  occurred_at: at.toISOString(),
});

describe('take-down consumers', () => {
  it('take down the shares of a deleted media, as media_deleted', async () => {
    const gone = [await liveShare('usr_m1', 'med_m1'), await liveShare('usr_m1', 'med_m1')];
    const kept = [await liveShare('usr_m1', 'med_m2'), await liveShare('usr_m2', 'med_m1')];
    sourcesSay.goneMedia.add('usr_m1/med_m1');
    await deliver(MEDIA_EVENTS.deleted, MEDIA_DELETED_DURABLE, [mediaDeleted('med_m1', 'usr_m1')]);
    assert.deepEqual(await takedowns(gone), [
      ['media_deleted', at.toISOString()],
      ['media_deleted', at.toISOString()],
    ]);
    assert.deepEqual(await takedowns(kept), [null, null]);

    // The handler counts what it took down now: a redelivered event takes nothing more down.
    const more = [await liveShare('usr_m3', 'med_m3'), await liveShare('usr_m3', 'med_m3')];
    sourcesSay.goneMedia.add('usr_m3/med_m3');
    const event = { sequence: 1, data: mediaDeleted('med_m3', 'usr_m3') };
    assert.equal(await handleMediaDeleted(deps, event), 2);
    assert.equal(await handleMediaDeleted(deps, event), 0);
    assert.deepEqual(await takedowns(more), [
      ['media_deleted', at.toISOString()],
      ['media_deleted', at.toISOString()],
    ]);
  });

  it('take down the shares of a deleted account, as account_deleted', async () => {
    const gone = [await liveShare('usr_a1', 'med_a1'), await liveShare('usr_a1', 'med_a2')];
    const kept = [await liveShare('usr_a2', 'med_a1')];
    sourcesSay.goneAccounts.add('usr_a1');
    await deliver(ACCOUNT_EVENTS.deleted, ACCOUNT_DELETED_DURABLE, [
      { user_id: 'usr_a1', occurred_at: at.toISOString() },
    ]);
    assert.deepEqual(await takedowns(gone), [
      ['account_deleted', at.toISOString()],
      ['account_deleted', at.toISOString()],
    ]);
    assert.deepEqual(await takedowns(kept), [null]);

    const more = [await liveShare('usr_a3', 'med_a3')];
    sourcesSay.goneAccounts.add('usr_a3');
    const event = { sequence: 1, data: { user_id: 'usr_a3', occurred_at: at.toISOString() } };
    assert.equal(await handleAccountDeleted(deps, event), 1);
    assert.equal(await handleAccountDeleted(deps, event), 0);
    assert.deepEqual(await takedowns(more), [['account_deleted', at.toISOString()]]);
  });

  it('skip (and acknowledge) events that name nothing usable', async () => {
    // Live shares of the ids the malformed events half name: none of them may go down.
    const live = [await liveShare('usr_1', 'med_1'), await liveShare('usr_1', 'med_2')];
    const badMedia = [
      null,
      {},
      { media_id: 'med_1' },
      { user_id: 'usr_1' },
      { media_id: 1, user_id: 'usr_1' },
      { media_id: 'med 1', user_id: 'usr_1' },
      { media_id: '', user_id: '' },
    ];
    const badAccount = [null, {}, { user_id: '' }, { user_id: 42 }, { user_id: 'a'.repeat(65) }];
    for (const data of badMedia) assert.equal(await handleMediaDeleted(deps, { sequence: 1, data: data as never }), 0);
    for (const data of badAccount)
      assert.equal(await handleAccountDeleted(deps, { sequence: 1, data: data as never }), 0);
    await deliver(MEDIA_EVENTS.deleted, MEDIA_DELETED_DURABLE, badMedia);
    await deliver(ACCOUNT_EVENTS.deleted, ACCOUNT_DELETED_DURABLE, badAccount);
    assert.deepEqual(await takedowns(live), [null, null]);
  });
});

describe('take-down consumers confirm the deletion with its owner (ADR 0039)', () => {
  it('take nothing down on an event the owning service does not confirm (a forged one)', async () => {
    const live = [await liveShare('usr_f1', 'med_f1'), await liveShare('usr_f2', 'med_f2')];
    assert.equal(await handleMediaDeleted(deps, { sequence: 1, data: mediaDeleted('med_f1', 'usr_f1') }), 0);
    assert.equal(
      await handleAccountDeleted(deps, { sequence: 1, data: { user_id: 'usr_f2', occurred_at: at.toISOString() } }),
      0,
    );
    await deliver(MEDIA_EVENTS.deleted, MEDIA_DELETED_DURABLE, [mediaDeleted('med_f1', 'usr_f1')]);
    await deliver(ACCOUNT_EVENTS.deleted, ACCOUNT_DELETED_DURABLE, [
      { user_id: 'usr_f2', occurred_at: at.toISOString() },
    ]);
    assert.deepEqual(await takedowns(live), [null, null]);
  });

  it('wait for an owning service that is away: the event comes back and acts once it answers', async () => {
    const gone = [await liveShare('usr_w1', 'med_w1')];
    sourcesSay.goneMedia.add('usr_w1/med_w1');
    sourcesSay.away = true;
    try {
      await assert.rejects(handleMediaDeleted(deps, { sequence: 1, data: mediaDeleted('med_w1', 'usr_w1') }), {
        code: 'service_unavailable',
      });
      const refusedBefore = sourcesSay.refused;
      await bus.publish(MEDIA_EVENTS.deleted, mediaDeleted('med_w1', 'usr_w1'));
      await eventually('the consumer asked media and got no answer', () => sourcesSay.refused > refusedBefore, 30_000);
      assert.deepEqual(await takedowns(gone), [null]);
    } finally {
      sourcesSay.away = false;
    }
    await eventually(
      'the event came back and took the share down',
      async () => (await takedowns(gone))[0] !== null,
      60_000,
    );
  });
});
