// The key set rules: ensure generates what is missing and keeps what exists; a rotation stages,
// then promotes; retired keys are accepted until they expire; the same request twice is a no-op.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  EMPTY_KEY_SET,
  ensure,
  type GenerateKeyPair,
  type KeySet,
  type KeySetRequest,
  promote,
  prune,
  publicKeys,
  reconcile,
  stage,
} from './keyset.ts';

const SERVICES = ['gateway', 'accounts', 'worker'];
const T0 = new Date('2026-11-01T00:00:00Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

/** Numbered fake pairs: these rules never look inside a key. */
function counter(): GenerateKeyPair {
  let n = 0;
  return () => {
    n += 1;
    return { privateKey: `private-${n}`, publicKey: `public-${n}` };
  };
}

// One generator for the whole file: every key it makes is new.
const generate = counter();

const request = (rotationId = '', promoteIt = false, immediate = false): KeySetRequest => ({
  services: SERVICES,
  rotationId,
  promote: promoteIt,
  immediate,
  retiredTtlMs: 24 * HOUR,
});

describe('ensure', () => {
  test('generates one key per service of an empty set, sorted by name', () => {
    const { set, events } = ensure(EMPTY_KEY_SET, SERVICES, generate, T0);
    assert.deepEqual(Object.keys(set.services), ['accounts', 'gateway', 'worker']);
    const privates = Object.values(set.services).map((keys) => keys.current.privateKey);
    assert.equal(new Set(privates).size, 3, 'every service has a key of its own');
    assert.equal(set.services.gateway?.current.createdAt, T0.toISOString());
    assert.equal(events.length, 3);
  });

  test('keeps existing keys, generates only the missing service, drops a service no longer listed', () => {
    const first = ensure(EMPTY_KEY_SET, ['gateway', 'old'], generate, T0).set;
    const { set, events } = ensure(first, SERVICES, generate, at(1));
    assert.deepEqual(set.services.gateway, first.services.gateway);
    assert.ok(set.services.accounts && set.services.worker);
    assert.equal(set.services.old, undefined);
    assert.ok(events.some((event) => event.startsWith('old: no longer a service')));
    assert.ok(!events.some((event) => event.startsWith('gateway')));
  });
});

describe('a rotation: stage, then promote', () => {
  const initial = ensure(EMPTY_KEY_SET, SERVICES, generate, T0).set;

  test('stage publishes a next key after the current one and leaves the signing key alone', () => {
    const { set } = stage(initial, 'r1', generate, at(1));
    for (const service of SERVICES) {
      const before = initial.services[service]!;
      const after = set.services[service]!;
      assert.deepEqual(after.current, before.current, `${service} still signs with its key`);
      assert.ok(after.next && after.next.publicKey !== before.current.publicKey);
      assert.deepEqual(publicKeys(set, at(1))[service], [before.current.publicKey, after.next.publicKey]);
    }
    assert.deepEqual(set.rotation, { id: 'r1', promoted: false });
  });

  test('promote makes the staged key current and retires the old one until now + ttl', () => {
    const staged = stage(initial, 'r1', generate, at(1)).set;
    const { set } = promote(staged, at(2), 24 * HOUR);
    for (const service of SERVICES) {
      const before = staged.services[service]!;
      const after = set.services[service]!;
      assert.deepEqual(after.current, before.next);
      assert.equal(after.next, undefined);
      assert.deepEqual(after.retired, [
        { publicKey: before.current.publicKey, retiredAt: at(2).toISOString(), expiresAt: at(26).toISOString() },
      ]);
      assert.deepEqual(publicKeys(set, at(3))[service], [before.next!.publicKey, before.current.publicKey]);
    }
    assert.deepEqual(set.rotation, { id: 'r1', promoted: true });
  });

  test('a retired key is accepted until it expires, then pruned', () => {
    const retired = promote(stage(initial, 'r1', generate, at(1)).set, at(2), 24 * HOUR).set;
    assert.equal(publicKeys(retired, at(25.9)).gateway?.length, 2);
    assert.equal(publicKeys(retired, at(26)).gateway?.length, 1, 'not accepted from its expiry on');
    assert.equal(prune(retired, at(25.9)).set.services.gateway?.retired.length, 1);
    const { set, events } = prune(retired, at(26));
    assert.deepEqual(set.services.gateway?.retired, []);
    assert.equal(events.length, SERVICES.length);
  });
});

describe('reconcile: the chart values applied to the stored set', () => {
  function run(set: KeySet, req: KeySetRequest, hours: number) {
    return reconcile(set, req, generate, at(hours));
  }

  test('the same values twice change nothing', () => {
    const first = run(EMPTY_KEY_SET, request(), 0).set;
    const again = run(first, request(), 1);
    assert.deepEqual(again.set, first);
    assert.deepEqual(again.events, []);
    const staged = run(first, request('r1'), 2).set;
    assert.deepEqual(run(staged, request('r1'), 3).set, staged, 'a staged rotation is not staged again');
    const promoted = run(staged, request('r1', true), 4).set;
    assert.deepEqual(run(promoted, request('r1', true), 5).set, promoted, 'nor promoted again');
  });

  test('two upgrades rotate: a new id stages, promote with the same id makes the keys current', () => {
    const first = run(EMPTY_KEY_SET, request(), 0).set;
    const staged = run(first, request('r1'), 1).set;
    assert.equal(staged.services.accounts?.current.privateKey, first.services.accounts?.current.privateKey);
    const promoted = run(staged, request('r1', true), 2).set;
    assert.equal(promoted.services.accounts?.current.privateKey, staged.services.accounts?.next?.privateKey);
    assert.equal(promoted.services.accounts?.retired[0]?.publicKey, first.services.accounts?.current.publicKey);
  });

  test('promote of a rotation never staged is refused, unless immediate', () => {
    const first = run(EMPTY_KEY_SET, request(), 0).set;
    assert.throws(() => run(first, request('r1', true), 1), /rotation r1 was never staged: stage it first/);
    const staged = run(first, request('r1'), 2).set;
    assert.throws(() => run(staged, request('r2', true), 3), /rotation r2 was never staged/);
    assert.throws(() => run(first, request('', true), 4), /promote needs a rotation id/);
  });

  test('a new id with promote and immediate rotates at once (the emergency path)', () => {
    const first = run(EMPTY_KEY_SET, request(), 0).set;
    const { set } = run(first, request('now', true, true), 1);
    assert.notEqual(set.services.gateway?.current.privateKey, first.services.gateway?.current.privateKey);
    assert.equal(set.services.gateway?.next, undefined);
    assert.equal(set.services.gateway?.retired.length, 1);
    assert.deepEqual(set.rotation, { id: 'now', promoted: true });
  });

  test('a new id replaces a staged key never promoted', () => {
    const staged = run(run(EMPTY_KEY_SET, request(), 0).set, request('r1'), 1).set;
    const restaged = run(staged, request('r2'), 2).set;
    assert.notEqual(restaged.services.worker?.next?.privateKey, staged.services.worker?.next?.privateKey);
    assert.deepEqual(restaged.services.worker?.current, staged.services.worker?.current);
    assert.deepEqual(restaged.rotation, { id: 'r2', promoted: false });
  });

  test('values without a rotation id leave a rotation where it is; un-promoting warns and changes nothing', () => {
    const staged = run(run(EMPTY_KEY_SET, request(), 0).set, request('r1'), 1).set;
    assert.deepEqual(run(staged, request(), 2).set, staged, 'dropping the id undoes nothing');
    const promoted = run(staged, request('r1', true), 4).set;
    const back = run(promoted, request('r1', false), 5);
    assert.deepEqual(back.set, promoted);
    assert.match(back.events.join('\n'), /warning: rotation r1 is already promoted/);
  });

  test('a service added during a rotation gets a current key only; promote leaves it alone', () => {
    const staged = run(run(EMPTY_KEY_SET, request(), 0).set, request('r1'), 1).set;
    const grown = run(staged, { ...request('r1'), services: [...SERVICES, 'shares'] }, 2).set;
    assert.equal(grown.services.shares?.next, undefined);
    const promoted = run(grown, { ...request('r1', true), services: [...SERVICES, 'shares'] }, 3).set;
    assert.deepEqual(promoted.services.shares, grown.services.shares);
  });

  test('expired keys are pruned on any run', () => {
    const promoted = run(run(EMPTY_KEY_SET, request(), 0).set, request('r1', true, true), 1).set;
    assert.equal(run(promoted, request('r1', true), 24).set.services.gateway?.retired.length, 1);
    assert.equal(run(promoted, request('r1', true), 25).set.services.gateway?.retired.length, 0);
  });
});
