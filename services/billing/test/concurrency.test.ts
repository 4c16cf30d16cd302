import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertLedgerInvariants, billingForFile } from './support.ts';

// Races that only the real database decides: row locks, unique references, one transaction each.
const harness = billingForFile();

/** Outcome of each call: 'ok' or its error code. */
const outcomes = (results: PromiseSettledResult<unknown>[]) =>
  results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as { code: string }).code));
const count = (list: string[], value: string) => list.filter((x) => x === value).length;
const entriesOf = async (principalId: string, kind: string) =>
  (
    await harness().db.query('SELECT count(*)::int AS n FROM ledger_entries WHERE principal_id = $1 AND kind = $2', [
      principalId,
      kind,
    ])
  ).rows[0].n as number;

describe('concurrent reservations', () => {
  it('50 at once on a balance that covers 17: exactly 17 succeed, the rest are refused, nothing is overdrawn', async () => {
    const h = harness();
    // Two grants (one expiring) so allocations span grants under contention.
    await h.grant('usr_many', 0.1, { expiresInMs: 86_400_000 });
    await h.grant('usr_many', 0.075);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        h.billing.reserve({ principalId: 'usr_many', reference: `job_many_${i}`, profile: 'base', seconds: 90 }),
      ),
    );
    const got = outcomes(results);
    assert.equal(count(got, 'ok'), 17);
    assert.equal(count(got, 'insufficient_credits'), 33);
    const { available, reserved } = await assertLedgerInvariants(h.db, 'usr_many');
    assert.deepEqual([available, reserved], [5_000n, 170_000n]);
    assert.equal(await entriesOf('usr_many', 'reservation'), 17);
  });

  it('the same reference reserved 20 times at once holds once', async () => {
    const h = harness();
    await h.grant('usr_same', 1);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        h.billing.reserve({ principalId: 'usr_same', reference: 'job_same', profile: 'base', seconds: 90 }),
      ),
    );
    assert.equal(new Set(results.map((r) => r.reservationId)).size, 1);
    assert.equal(await entriesOf('usr_same', 'reservation'), 1);
    const { reserved } = await assertLedgerInvariants(h.db, 'usr_same');
    assert.equal(reserved, 10_000n);
  });

  it('one reference claimed by two principals at once: one reservation, the other is a conflict', async () => {
    const h = harness();
    await h.grant('usr_race_a', 1);
    await h.grant('usr_race_b', 1);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        h.billing.reserve({
          principalId: i % 2 === 0 ? 'usr_race_a' : 'usr_race_b',
          reference: 'job_contested',
          profile: 'base',
          seconds: 90,
        }),
      ),
    );
    const got = outcomes(results);
    assert.equal(count(got, 'ok'), 5);
    assert.equal(count(got, 'conflict'), 5);
    assert.equal(
      (await h.db.query(`SELECT count(*)::int AS n FROM reservations WHERE reference = 'job_contested'`)).rows[0].n,
      1,
    );
    for (const p of ['usr_race_a', 'usr_race_b']) await assertLedgerInvariants(h.db, p);
  });
});

describe('concurrent settlement', () => {
  it('settles retried at once charge once', async () => {
    const h = harness();
    await h.grant('usr_settles', 1);
    await h.billing.reserve({ principalId: 'usr_settles', reference: 'job_settles', profile: 'base', seconds: 90 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => h.billing.settle({ reference: 'job_settles', actualSeconds: 45 })),
    );
    assert.ok(results.every((r) => r.chargedMicro === 5_000 && r.status === 'settled'));
    assert.equal(await entriesOf('usr_settles', 'settlement'), 1);
    const { available } = await assertLedgerInvariants(h.db, 'usr_settles');
    assert.equal(available, 995_000n);
  });

  it('settle and release racing on one reservation: exactly one of them happens', async () => {
    const h = harness();
    await h.grant('usr_ends', 1);
    await h.billing.reserve({ principalId: 'usr_ends', reference: 'job_ends', profile: 'base', seconds: 90 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? h.billing.settle({ reference: 'job_ends', actualSeconds: 90 })
          : h.billing.release({ reference: 'job_ends' }),
      ),
    );
    const settled = await entriesOf('usr_ends', 'settlement');
    const released = await entriesOf('usr_ends', 'release');
    assert.equal(settled + released, 1);
    const got = outcomes(results);
    assert.equal(count(got, 'ok'), 10, 'the winner and its retries succeed');
    assert.equal(count(got, 'conflict'), 10, 'the other kind is refused');
    await assertLedgerInvariants(h.db, 'usr_ends');
  });
});

describe('concurrent charges and grants', () => {
  it('charges and reservations at once never overdraw; replays charge once', async () => {
    const h = harness();
    await h.grant('usr_mixed', 0.1);
    const calls = Array.from(
      { length: 40 },
      (_, i) =>
        i % 2 === 0
          ? h.billing.charge({
              principalId: 'usr_mixed',
              reference: `use_mixed_${i % 10}`,
              model: 'svc-chat',
              inputTokens: 2000,
              outputTokens: 0,
            }) // 5000 each, 5 distinct usages
          : h.billing.reserve({ principalId: 'usr_mixed', reference: `job_mixed_${i}`, profile: 'base', seconds: 90 }), // 10000 each
    );
    const got = outcomes(await Promise.allSettled(calls));
    const chargedUsages = new Set(got.flatMap((outcome, i) => (i % 2 === 0 && outcome === 'ok' ? [i % 10] : [])));
    const charges = await entriesOf('usr_mixed', 'charge');
    assert.equal(charges, chargedUsages.size, 'each usage charged at most once, whatever the replays');
    const reservations = await entriesOf('usr_mixed', 'reservation');
    assert.equal(
      count(
        got.filter((_, i) => i % 2 === 1),
        'ok',
      ),
      reservations,
    );
    assert.ok(
      got.every((outcome) => outcome === 'ok' || outcome === 'insufficient_credits'),
      got.join(),
    );
    const { available, reserved } = await assertLedgerInvariants(h.db, 'usr_mixed');
    assert.equal(reserved, BigInt(reservations) * 10_000n);
    assert.equal(available + reserved, 100_000n - BigInt(charges) * 5_000n);
    assert.ok(available < 10_000n, 'reservations stopped only when the balance could not cover another');
  });

  it('the same grant reference at once grants once', async () => {
    const h = harness();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.admin.grantCredits(
          {
            principalId: 'usr_grants',
            amountMicro: 1_000_000,
            reason: 'promo',
            expiresAt: undefined,
            reference: 'promo-usr_grants',
          },
          { metadata: h.adminKey },
        ),
      ),
    );
    assert.equal(new Set(results.map((r) => r.grant!.grantId)).size, 1);
    const { available } = await assertLedgerInvariants(h.db, 'usr_grants');
    assert.equal(available, 1_000_000n);
  });
});
