// The operations of the ledger's property test (ledger-properties.test.ts): each draws what it
// does from the scenario's seeded generator, checks the answer against a simple model of the rules
// and says what happened in one line of the trace.
import assert from 'node:assert/strict';
import { findAiModel, findProfile, priceForSeconds, priceForTokens } from '@tp/catalog';
import type { BillingHarness } from './support.ts';

export const START = new Date('2026-06-01T00:00:00.000Z');
const PROFILES = ['base', 'base-whisper', 'oracle-mini', 'oracle', 'oracle-pro', 'oracle-max'];
const MODELS = ['svc-chat', 'svc-chat-mini', 'svc-reason', 'svc-embed'];

/** mulberry32: a small, seedable, reproducible PRNG. */
export function random(seed: number) {
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

export interface HeldWork {
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

/** One seeded run for one principal: the generator and what the model knows so far. */
export interface Scenario {
  seed: number;
  principalId: string;
  rng: ReturnType<typeof random>;
  h: BillingHarness;
  works: HeldWork[];
  charges: { ref: string; model: string; input: number; output: number; charged: number; entryId: string }[];
  grantRefs: { ref: string; amount: number; expiresAt: Date | undefined }[];
}

export function newScenario(h: BillingHarness, seed: number, principalId: string): Scenario {
  return { seed, principalId, rng: random(seed), h, works: [], charges: [], grantRefs: [] };
}

const codeOf = (err: unknown) => (err as { code?: string }).code ?? String(err);
const local = (s: Scenario, n: number, kind: string) => `${s.principalId}:${kind}${n}`;
const availableNow = async (s: Scenario) =>
  (await s.h.billing.getBalance({ principalId: s.principalId })).availableMicro;

/** A grant: some expire within hours, some have a reference, some replay an earlier reference. */
export async function grantStep(s: Scenario, step: number): Promise<string> {
  const { rng, principalId, seed, grantRefs } = s;
  const { admin, adminKey, clock } = s.h;
  const replay = grantRefs.length > 0 && rng.chance(0.15) ? rng.pick(grantRefs) : undefined;
  const amount = replay?.amount ?? rng.int(50_000, 1_000_000);
  const expiresAt = replay
    ? replay.expiresAt
    : rng.chance(0.5)
      ? new Date(clock.now().getTime() + rng.int(1, 6 * 60) * 60_000)
      : undefined;
  const ref = replay?.ref ?? (rng.chance(0.5) ? local(s, step, 'g') : '');
  const before = await availableNow(s);
  if (replay && expiresAt && expiresAt <= clock.now()) {
    // Replaying a grant whose expiry has passed is refused like any grant in the past.
    await assert.rejects(
      admin.grantCredits(
        { principalId, amountMicro: amount, reason: `seed ${seed}`, expiresAt, reference: ref },
        { metadata: adminKey },
      ),
      { code: 'bad_request' },
    );
    return `grant replay expired → bad_request`;
  }
  const { balance } = await admin.grantCredits(
    { principalId, amountMicro: amount, reason: `seed ${seed}`, expiresAt, reference: ref },
    { metadata: adminKey },
  );
  assert.equal(
    balance!.availableMicro,
    replay ? before : before + amount,
    `step ${step}: grant credits the balance once`,
  );
  if (ref && !replay) grantRefs.push({ ref, amount, expiresAt });
  return `grant ${amount}${expiresAt ? ` until +${expiresAt.getTime() - START.getTime()}` : ''}${replay ? ' (replay)' : ''} → ${balance!.availableMicro}`;
}

/** A reservation, or a retry of an earlier one. */
export async function reserveStep(s: Scenario, step: number): Promise<string> {
  const { rng, principalId, works } = s;
  const { billing } = s.h;
  const replay = works.length > 0 && rng.chance(0.15) ? rng.pick(works) : undefined;
  const profile = replay?.profile ?? rng.pick(PROFILES);
  const seconds = replay?.seconds ?? rng.int(1, 180_000) / 100;
  const ref = replay?.ref ?? local(s, step, 'job');
  const held = priceForSeconds(findProfile(profile)!, seconds);
  const available = await availableNow(s);
  try {
    const reservation = await billing.reserve({ principalId, reference: ref, profile, seconds });
    assert.equal(reservation.heldMicro, held);
    if (replay) {
      assert.equal(
        reservation.reservationId,
        replay.reservationId,
        `step ${step}: a retried reserve answers the same reservation`,
      );
      assert.equal(reservation.status, replay.status);
      assert.equal(
        reservation.balance!.availableMicro,
        available,
        `step ${step}: a retried reserve holds nothing more`,
      );
    } else {
      assert.ok(available >= held, `step ${step}: reserved ${held} with only ${available} available`);
      assert.equal(reservation.balance!.availableMicro, available - held);
      works.push({
        ref,
        profile,
        seconds,
        held,
        status: 'held',
        charged: 0,
        reservationId: reservation.reservationId,
      });
    }
    return `reserve ${profile} ${seconds}s${replay ? ' (replay)' : ''} → held ${held}`;
  } catch (err) {
    assert.equal(codeOf(err), 'insufficient_credits', `step ${step}: ${String(err)}`);
    assert.ok(!replay && available < held, `step ${step}: refused ${held} with ${available} available`);
    return `reserve ${profile} ${seconds}s → insufficient (${available} < ${held})`;
  }
}

/** A settlement of a reservation: sometimes a retry of the one made, sometimes another charge. */
export async function settleStep(s: Scenario, step: number): Promise<string> {
  const { rng, works } = s;
  const { billing } = s.h;
  const work = rng.pick(works);
  // A settled reservation is sometimes settled again as it was (a retry), sometimes otherwise.
  const retry = work.actual !== undefined && rng.chance(0.5);
  const seconds = retry ? work.actual! : Math.round(work.seconds * rng.next() * 120) / 100;
  const expected = Math.min(work.held, priceForSeconds(findProfile(work.profile)!, seconds));
  try {
    const settled = await billing.settle({ reference: work.ref, actualSeconds: seconds });
    assert.ok(
      work.status === 'held' || (work.status === 'settled' && work.charged === expected),
      `step ${step}: settled a ${work.status} reservation`,
    );
    assert.equal(settled.chargedMicro, expected);
    work.status = 'settled';
    work.charged = expected;
    work.actual ??= seconds;
    return `settle ${seconds}s${retry ? ' (retry)' : ''} → charged ${expected}`;
  } catch (err) {
    assert.equal(codeOf(err), 'conflict', `step ${step}: ${String(err)}`);
    assert.ok(
      work.status === 'released' || work.charged !== expected,
      `step ${step}: conflict on a ${work.status} reservation`,
    );
    return `settle ${seconds}s of ${work.status} → conflict`;
  }
}

/** A release of a reservation (a conflict once settled). */
export async function releaseStep(s: Scenario, step: number): Promise<string> {
  const { rng, works } = s;
  const { billing } = s.h;
  const work = rng.pick(works);
  try {
    const released = await billing.release({ reference: work.ref });
    assert.notEqual(work.status, 'settled', `step ${step}: released a settled reservation`);
    assert.equal(released.status, 'released');
    const line = `release ${work.status} → released`;
    work.status = 'released';
    return line;
  } catch (err) {
    assert.equal(codeOf(err), 'conflict', `step ${step}: ${String(err)}`);
    assert.equal(work.status, 'settled');
    return `release settled → conflict`;
  }
}

/** A metered charge, or a replay of an earlier one. */
export async function chargeStep(s: Scenario, step: number): Promise<string> {
  const { rng, principalId, charges } = s;
  const { billing } = s.h;
  const replay = charges.length > 0 && rng.chance(0.2) ? rng.pick(charges) : undefined;
  const model = replay?.model ?? rng.pick(MODELS);
  const input = replay?.input ?? rng.int(0, 20_000);
  const output = replay?.output ?? rng.int(0, 5_000);
  const ref = replay?.ref ?? local(s, step, 'use');
  const price = priceForTokens(findAiModel(model)!, input, output);
  const available = await availableNow(s);
  try {
    const charged = await billing.charge({
      principalId,
      reference: ref,
      model,
      inputTokens: input,
      outputTokens: output,
    });
    assert.equal(charged.chargedMicro, price);
    assert.equal(charged.replayed, replay !== undefined);
    assert.equal(charged.balance!.availableMicro, replay ? available : available - price);
    if (replay) assert.equal(charged.entryId, replay.entryId);
    else charges.push({ ref, model, input, output, charged: price, entryId: charged.entryId });
    return `charge ${model} ${input}/${output}${replay ? ' (replay)' : ''} → ${price}`;
  } catch (err) {
    assert.equal(codeOf(err), 'insufficient_credits', `step ${step}: ${String(err)}`);
    assert.ok(!replay && available < price, `step ${step}: refused ${price} with ${available} available`);
    return `charge ${model} ${input}/${output} → insufficient`;
  }
}
