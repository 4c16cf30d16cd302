import assert from 'node:assert/strict';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { describe, it } from 'node:test';
import { type EgressPolicy, EgressRefusedError, guardedLookup, type Resolver } from './index.ts';

const STRICT: EgressPolicy = { allowPrivateTargets: false };

const resolver =
  (addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

/** Calls a lookup function as net does, as a promise of what its callback got. */
function lookupWith(policy: EgressPolicy, answers: string[], options: LookupOptions) {
  const lookup = guardedLookup(policy, resolver(answers));
  return new Promise<{ address: string | LookupAddress[]; family: number | undefined }>((resolve, reject) =>
    lookup('hooks.example.com', options, (err, address, family) => (err ? reject(err) : resolve({ address, family }))),
  );
}

describe('guardedLookup', () => {
  it('hands back exactly the addresses it checked', async () => {
    const answers = ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'];
    assert.deepEqual(await lookupWith(STRICT, answers, {}), { address: '93.184.216.34', family: 4 });
    assert.deepEqual(await lookupWith(STRICT, answers, { all: true }), {
      address: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
      ],
      family: undefined,
    });
    assert.deepEqual(await lookupWith(STRICT, answers, { family: 6 }), {
      address: '2606:2800:220:1:248:1893:25c8:1946',
      family: 6,
    });
  });

  it('refuses a host with any non-public address, naming it', async () => {
    await assert.rejects(lookupWith(STRICT, ['93.184.216.34', '10.0.0.1'], { all: true }), (err) => {
      assert.ok(err instanceof EgressRefusedError);
      assert.equal(err.code, 'EGRESS_REFUSED');
      assert.equal(err.address, '10.0.0.1');
      assert.match(err.message, /hooks\.example\.com resolves to 10\.0\.0\.1, a private address/);
      return true;
    });
    await assert.rejects(lookupWith(STRICT, ['169.254.169.254'], {}), { code: 'EGRESS_REFUSED' });
    await assert.rejects(lookupWith(STRICT, ['::ffff:127.0.0.1'], {}), { code: 'EGRESS_REFUSED' });
  });

  it('answers ENOTFOUND when no address of the family asked exists', async () => {
    await assert.rejects(lookupWith(STRICT, ['93.184.216.34'], { family: 6 }), { code: 'ENOTFOUND' });
  });

  it('admits private addresses when the policy allows them', async () => {
    assert.deepEqual(await lookupWith({ allowPrivateTargets: true }, ['127.0.0.1'], {}), {
      address: '127.0.0.1',
      family: 4,
    });
  });
});
