import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ReadCache, type ReadCacheSettings } from './read-cache.ts';

const SETTINGS: ReadCacheSettings = { maxEntries: 100, jobActiveMs: 500, jobFinishedMs: 30_000, balanceMs: 250 };

/** A cache on a clock the test moves, and a loader that counts its calls and answers `next`. */
function setup(settings: Partial<ReadCacheSettings> = {}) {
  const clock = { ms: 0 };
  const cache = new ReadCache({ ...SETTINGS, ...settings }, () => clock.ms);
  cache.setLive(true);
  const backend = { calls: 0, next: { status: 'queued', n: 0 } as { status: string; n: number } };
  const load = async () => {
    backend.calls += 1;
    return { ...backend.next };
  };
  const read = async (user: string, job: string) => JSON.parse((await cache.job(user, job, load)).text).data;
  return { clock, cache, backend, load, read };
}

describe('ReadCache', () => {
  it('answers the rendered envelope, with no-store, from the second read on', async () => {
    const { cache, backend, load } = setup();
    const first = await cache.job('u1', 'j1', load);
    assert.equal(first.text, JSON.stringify({ data: { status: 'queued', n: 0 } }));
    assert.equal(first.headers['Cache-Control'], 'no-store');
    assert.equal(await cache.job('u1', 'j1', load), first);
    assert.equal(backend.calls, 1);
  });

  it('keeps a running job for the short TTL and an ended one for the long one', async () => {
    const { clock, backend, read } = setup();
    await read('u1', 'j1');
    clock.ms = 249;
    await read('u1', 'j1');
    assert.equal(backend.calls, 1);
    clock.ms = 500;
    backend.next = { status: 'succeeded', n: 1 };
    assert.equal((await read('u1', 'j1')).n, 1);
    clock.ms = 500 + 14_999;
    await read('u1', 'j1');
    assert.equal(backend.calls, 2);
    clock.ms = 500 + 30_000;
    await read('u1', 'j1');
    assert.equal(backend.calls, 3);
  });

  it('refreshes an entry read in the second half of its life in the background, answering it meanwhile', async () => {
    const { clock, backend, read } = setup();
    await read('u1', 'j1');
    backend.next = { status: 'queued', n: 1 };
    clock.ms = 250;
    assert.equal((await read('u1', 'j1')).n, 0, 'the entry, still fresh, answers');
    assert.equal(backend.calls, 2, 'and is read again behind it');
    await new Promise((resolve) => setImmediate(resolve));
    clock.ms = 600;
    assert.equal((await read('u1', 'j1')).n, 1, 'the refreshed entry answers past the first one’s end');
  });

  it('keeps one entry per caller: another user reads for themselves', async () => {
    const { backend, read } = setup();
    await read('u1', 'j1');
    await read('u2', 'j1');
    assert.equal(backend.calls, 2);
  });

  it('keeps no failed read', async () => {
    const { cache, backend } = setup();
    const failing = async () => {
      backend.calls += 1;
      throw new Error('not_found');
    };
    await assert.rejects(cache.job('u1', 'j1', failing));
    await assert.rejects(cache.job('u1', 'j1', failing));
    assert.equal(backend.calls, 2);
    assert.equal(cache.size, 0);
  });
});

describe('ReadCache invalidation and bounds', () => {
  it('forgets a job for every caller, a user’s entries, a balance', async () => {
    const { cache, backend, load, read } = setup();
    await read('u1', 'j1');
    await read('u2', 'j1');
    await read('u1', 'j2');
    await cache.balance('u1', load);
    cache.invalidateJob('j1');
    assert.equal(cache.size, 2);
    cache.invalidateBalance('u1');
    assert.equal(cache.size, 1);
    cache.invalidateUser('u1');
    assert.equal(cache.size, 0);
    assert.equal(backend.calls, 4);
  });

  it('stores nothing a read in progress got when the job changed meanwhile', async () => {
    const { cache, backend } = setup();
    const pending: (() => void)[] = [];
    const slow = () =>
      new Promise<{ status: string }>((resolve) => {
        backend.calls += 1;
        pending.push(() => resolve({ status: 'queued' }));
      });
    const first = cache.job('u1', 'j1', slow);
    const joined = cache.job('u1', 'j1', slow);
    assert.equal(backend.calls, 1, 'a second caller waits for the read in progress');
    cache.invalidateJob('j1');
    const third = cache.job('u1', 'j1', slow);
    assert.equal(backend.calls, 2, 'after the change, a new read');
    for (const release of pending) release();
    await Promise.all([first, joined, third]);
    assert.equal(cache.size, 1, 'only the read that began after the change is kept');
  });

  it('is bounded: the least recently read entry goes first', async () => {
    const { cache, backend, read } = setup({ maxEntries: 3 });
    for (const job of ['j1', 'j2', 'j3']) await read('u1', job);
    await read('u1', 'j1');
    await read('u1', 'j4');
    assert.equal(cache.size, 3);
    assert.equal(backend.calls, 4);
    await read('u1', 'j1');
    assert.equal(backend.calls, 4, 'j1 was read recently and stayed');
    await read('u1', 'j2');
    assert.equal(backend.calls, 5, 'j2 was the oldest and went');
  });

  it('keeps nothing while its event feed is down, or when turned off', async () => {
    const { cache, backend, read } = setup();
    await read('u1', 'j1');
    cache.setLive(false);
    assert.equal(cache.size, 0);
    await read('u1', 'j1');
    await read('u1', 'j1');
    assert.equal(backend.calls, 3);
    const off = setup({ maxEntries: 0 });
    await off.read('u1', 'j1');
    await off.read('u1', 'j1');
    assert.equal(off.backend.calls, 2);
  });
});
