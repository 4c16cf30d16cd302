import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { aggregateBatch, type ItemFacts } from './batch.ts';

const item = (status: string, overrides: Partial<ItemFacts> = {}): ItemFacts => ({
  status,
  progress: 0,
  artifactIds: [],
  billedSeconds: null,
  chargedMicro: 0n,
  reservedMicro: 100n,
  mediaDurationSeconds: 5,
  startedAt: null,
  finishedAt: null,
  ...overrides,
});

const statusOf = (...statuses: string[]) => aggregateBatch(statuses.map((s) => item(s))).status;

describe('batch aggregate', () => {
  it('is queued while no item has started', () => {
    assert.equal(statusOf('queued', 'queued', 'queued'), 'queued');
    assert.equal(statusOf('queued', 'cancelled'), 'queued', 'a cancelled item does not start the batch');
  });

  it('is running while any item is unfinished once one started or ended', () => {
    assert.equal(statusOf('queued', 'running'), 'running');
    assert.equal(statusOf('succeeded', 'queued'), 'running');
    assert.equal(statusOf('failed', 'queued'), 'running');
  });

  it('ends failed if any item failed, else succeeded if any succeeded, else cancelled', () => {
    assert.equal(statusOf('succeeded', 'succeeded'), 'succeeded');
    assert.equal(statusOf('succeeded', 'cancelled'), 'succeeded');
    assert.equal(statusOf('cancelled', 'cancelled'), 'cancelled');
    const failed = aggregateBatch(['succeeded', 'failed', 'failed', 'cancelled', 'succeeded'].map((s) => item(s)));
    assert.equal(failed.status, 'failed');
    assert.equal(failed.errorCode, 'items_failed');
    assert.equal(failed.errorMessage, '2 of 5 items failed');
    assert.equal(aggregateBatch([item('succeeded')]).errorCode, null);
  });

  it('averages progress (an ended item counts 100) and unites artifacts in item order', () => {
    const aggregate = aggregateBatch([
      item('running', { progress: 50 }),
      item('succeeded', { progress: 100, artifactIds: ['art_b'] }),
      item('queued'),
      item('failed', { progress: 20 }),
    ]);
    assert.equal(aggregate.progress, 62.5);
    assert.deepEqual(
      aggregateBatch([
        item('succeeded', { artifactIds: ['art_b'] }),
        item('succeeded', { artifactIds: ['art_a', 'art_b'] }),
      ]).artifactIds,
      ['art_b', 'art_a'],
    );
  });

  it('sums money and seconds, and spans the items in time', () => {
    const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    const aggregate = aggregateBatch([
      item('succeeded', { billedSeconds: 4.5, chargedMicro: 30n, startedAt: t(5), finishedAt: t(9) }),
      item('succeeded', { billedSeconds: 2, chargedMicro: 12n, startedAt: t(2), finishedAt: t(7) }),
    ]);
    assert.equal(aggregate.billedSeconds, 6.5);
    assert.equal(aggregate.chargedMicro, 42n);
    assert.equal(aggregate.reservedMicro, 200n);
    assert.equal(aggregate.mediaDurationSeconds, 10);
    assert.deepEqual(aggregate.startedAt, t(2));
    assert.deepEqual(aggregate.finishedAt, t(9));
    assert.equal(
      aggregateBatch([item('running', { startedAt: t(1), finishedAt: null }), item('succeeded', { finishedAt: t(3) })])
        .finishedAt,
      null,
    );
  });

  it('refuses an empty batch', () => {
    assert.throws(() => aggregateBatch([]), RangeError);
  });
});
