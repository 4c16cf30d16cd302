// Property-style test of the ledger: a seeded random sequence of grants (some expiring),
// reservations, settlements, releases, charges, replays, clock moves and sweeps. After every step
// the ledger's invariants hold and no balance is negative; each outcome is the one a simple model
// of the rules predicts; and the same seed replays to the same outcomes and the same ledger.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findAiModel, findProfile, priceForSeconds, priceForTokens } from '@tp/catalog';
import { HOUR_MS, assertLedgerInvariants, startBilling, type BillingHarness } from './support.ts';

let h: BillingHarness;
const START = new Date('2026-06-01T00:00:00.000Z');
const STEPS = 150;
const PROFILES = ['base', 'base-whisper', 'oracle-mini', 'oracle', 'oracle-pro', 'oracle-max'];
const MODELS = ['svc-chat', 'svc-chat-mini', 'svc-reason', 'svc-embed'];

before(async () => {
  h = await startBilling();
});

after(async () => {
  await h?.stop();
});

/** mulberry32: a small, seedable, reproducible PRNG. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

interface HeldWork {
  ref: string;
  profile: string;
  seconds: number;
  held: number;
  status: 'held' | 'settled' | 'released';
  charged: number;
  /** The seconds of the settlement, once settled. */
  actual?: number;
  reservationId: string;
}

const codeOf = (err: unknown) => (err as { code?: string }).code ?? String(err);

/** Runs one seeded scenario for `principalId`; returns its trace and final ledger (ids left out). */
async function runScenario(seed: number, principalId: string): Promise<{ trace: string[]; ledger: string[] }> {
  const rng = random(seed);
  const { billing, admin, adminKey, clock, db } = h;
  clock.set(START);
  const trace: string[] = [];
  const works: HeldWork[] = [];
  const charges: { ref: string; model: string; input: number; output: number; charged: number; entryId: string }[] = [];
  const grantRefs: { ref: string; amount: number; expiresAt: Date | undefined }[] = [];
  const local = (n: number, kind: string) => `${principalId}:${kind}${n}`;
  const availableNow = async () => (await billing.getBalance({ principalId })).availableMicro;

  for (let step = 0; step < STEPS; step += 1) {
    const roll = rng.next();
    let line: string;
    if (roll < 0.15) {
      // A grant: some expire within hours, some have a reference, some replay an earlier reference.
      const replay = grantRefs.length > 0 && rng.chance(0.15) ? rng.pick(grantRefs) : undefined;
      const amount = replay?.amount ?? rng.int(50_000, 1_000_000);
      const expiresAt = replay ? replay.expiresAt : rng.chance(0.5) ? new Date(clock.now().getTime() + rng.int(1, 6 * 60) * 60_000) : undefined;
      const ref = replay?.ref ?? (rng.chance(0.5) ? local(step, 'g') : '');
      const before = await availableNow();
      if (replay && expiresAt && expiresAt <= clock.now()) {
        // Replaying a grant whose expiry has passed is refused like any grant in the past.
        await assert.rejects(admin.grantCredits({ principalId, amountMicro: amount, reason: `seed ${seed}`, expiresAt, reference: ref }, { metadata: adminKey }), { code: 'bad_request' });
        line = `grant replay expired → bad_request`;
      } else {
        const { balance } = await admin.grantCredits({ principalId, amountMicro: amount, reason: `seed ${seed}`, expiresAt, reference: ref }, { metadata: adminKey });
        assert.equal(balance!.availableMicro, replay ? before : before + amount, `step ${step}: grant credits the balance once`);
        if (ref && !replay) grantRefs.push({ ref, amount, expiresAt });
        line = `grant ${amount}${expiresAt ? ` until +${expiresAt.getTime() - START.getTime()}` : ''}${replay ? ' (replay)' : ''} → ${balance!.availableMicro}`;
      }
    } else if (roll < 0.45) {
      // A reservation, or a retry of an earlier one.
      const replay = works.length > 0 && rng.chance(0.15) ? rng.pick(works) : undefined;
      const profile = replay?.profile ?? rng.pick(PROFILES);
      const seconds = replay?.seconds ?? rng.int(1, 180_000) / 100;
      const ref = replay?.ref ?? local(step, 'job');
      const held = priceForSeconds(findProfile(profile)!, seconds);
      const available = await availableNow();
      try {
        const reservation = await billing.reserve({ principalId, reference: ref, profile, seconds });
        assert.equal(reservation.heldMicro, held);
        if (replay) {
          assert.equal(reservation.reservationId, replay.reservationId, `step ${step}: a retried reserve answers the same reservation`);
          assert.equal(reservation.status, replay.status);
          assert.equal(reservation.balance!.availableMicro, available, `step ${step}: a retried reserve holds nothing more`);
        } else {
          assert.ok(available >= held, `step ${step}: reserved ${held} with only ${available} available`);
          assert.equal(reservation.balance!.availableMicro, available - held);
          works.push({ ref, profile, seconds, held, status: 'held', charged: 0, reservationId: reservation.reservationId });
        }
        line = `reserve ${profile} ${seconds}s${replay ? ' (replay)' : ''} → held ${held}`;
      } catch (err) {
        assert.equal(codeOf(err), 'insufficient_credits', `step ${step}: ${String(err)}`);
        assert.ok(!replay && available < held, `step ${step}: refused ${held} with ${available} available`);
        line = `reserve ${profile} ${seconds}s → insufficient (${available} < ${held})`;
      }
    } else if (roll < 0.6 && works.length > 0) {
      const work = rng.pick(works);
      // A settled reservation is sometimes settled again as it was (a retry), sometimes otherwise.
      const retry = work.actual !== undefined && rng.chance(0.5);
      const seconds = retry ? work.actual! : Math.round(work.seconds * rng.next() * 120) / 100;
      const expected = Math.min(work.held, priceForSeconds(findProfile(work.profile)!, seconds));
      try {
        const settled = await billing.settle({ reference: work.ref, actualSeconds: seconds });
        assert.ok(work.status === 'held' || (work.status === 'settled' && work.charged === expected), `step ${step}: settled a ${work.status} reservation`);
        assert.equal(settled.chargedMicro, expected);
        work.status = 'settled';
        work.charged = expected;
        work.actual ??= seconds;
        line = `settle ${seconds}s${retry ? ' (retry)' : ''} → charged ${expected}`;
      } catch (err) {
        assert.equal(codeOf(err), 'conflict', `step ${step}: ${String(err)}`);
        assert.ok(work.status === 'released' || work.charged !== expected, `step ${step}: conflict on a ${work.status} reservation`);
        line = `settle ${seconds}s of ${work.status} → conflict`;
      }
    } else if (roll < 0.7 && works.length > 0) {
      const work = rng.pick(works);
      try {
        const released = await billing.release({ reference: work.ref });
        assert.notEqual(work.status, 'settled', `step ${step}: released a settled reservation`);
        assert.equal(released.status, 'released');
        line = `release ${work.status} → released`;
        work.status = 'released';
      } catch (err) {
        assert.equal(codeOf(err), 'conflict', `step ${step}: ${String(err)}`);
        assert.equal(work.status, 'settled');
        line = `release settled → conflict`;
      }
    } else if (roll < 0.82) {
      const replay = charges.length > 0 && rng.chance(0.2) ? rng.pick(charges) : undefined;
      const model = replay?.model ?? rng.pick(MODELS);
      const input = replay?.input ?? rng.int(0, 20_000);
      const output = replay?.output ?? rng.int(0, 5_000);
      const ref = replay?.ref ?? local(step, 'use');
      const price = priceForTokens(findAiModel(model)!, input, output);
      const available = await availableNow();
      try {
        const charged = await billing.charge({ principalId, reference: ref, model, inputTokens: input, outputTokens: output });
        assert.equal(charged.chargedMicro, price);
        assert.equal(charged.replayed, replay !== undefined);
        assert.equal(charged.balance!.availableMicro, replay ? available : available - price);
        if (replay) assert.equal(charged.entryId, replay.entryId);
        else charges.push({ ref, model, input, output, charged: price, entryId: charged.entryId });
        line = `charge ${model} ${input}/${output}${replay ? ' (replay)' : ''} → ${price}`;
      } catch (err) {
        assert.equal(codeOf(err), 'insufficient_credits', `step ${step}: ${String(err)}`);
        assert.ok(!replay && available < price, `step ${step}: refused ${price} with ${available} available`);
        line = `charge ${model} ${input}/${output} → insufficient`;
      }
    } else if (roll < 0.94) {
      clock.advance(rng.int(1, 180) * 60_000);
      line = `time +${clock.now().getTime() - START.getTime()}`;
    } else {
      await h.service.sweepExpired(clock.now());
      line = 'sweep';
    }
    // Every operation that went through the ledger (all but refusals and clock moves) expired
    // what was past due first, and at once what it returned to an expired grant.
    const throughLedger = !/conflict|bad_request|^time/.test(line);
    const { available, reserved } = await assertLedgerInvariants(db, principalId, throughLedger ? { expiredBy: clock.now() } : {});
    trace.push(`${step}: ${line} | ${available}/${reserved}`);

    if (step % 10 === 9) {
      // A read expires whatever is past due: nothing expired may count afterwards.
      await billing.getBalance({ principalId });
      await assertLedgerInvariants(db, principalId, { expiredBy: clock.now() });
    }
  }

  // Settle or release what is still held, then everything left is spendable credit.
  for (const work of works.filter((w) => w.status === 'held')) await billing.release({ reference: work.ref });
  clock.advance(7 * HOUR_MS);
  await billing.getBalance({ principalId });
  const { reserved } = await assertLedgerInvariants(db, principalId, { expiredBy: clock.now() });
  assert.equal(reserved, 0n);

  const ledger = (
    await db.query('SELECT kind, available_delta_micro, reserved_delta_micro, available_after_micro, reserved_after_micro FROM ledger_entries WHERE principal_id = $1 ORDER BY seq', [principalId])
  ).rows.map((e) => `${e.kind} ${e.available_delta_micro}/${e.reserved_delta_micro} → ${e.available_after_micro}/${e.reserved_after_micro}`);
  const kinds = new Set(ledger.map((e) => e.split(' ')[0]));
  for (const kind of ['grant', 'reservation', 'settlement', 'release', 'charge', 'expiry']) assert.ok(kinds.has(kind), `seed ${seed} exercised ${kind}`);
  return { trace: trace.map((l) => l.replaceAll(principalId, 'P')), ledger };
}

describe('the ledger under random operations', () => {
  for (const seed of [1, 7, 42, 2026]) {
    it(`seed ${seed}: invariants hold after every step, and the seed replays identically`, async () => {
      const first = await runScenario(seed, `usr_seed${seed}_a`);
      const replay = await runScenario(seed, `usr_seed${seed}_b`);
      assert.deepEqual(replay.trace, first.trace);
      assert.deepEqual(replay.ledger, first.ledger);
      assert.ok(first.trace.some((l) => l.includes('insufficient')), 'some operations were refused');
    });
  }
});
