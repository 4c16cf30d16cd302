// Property-style test of the ledger: a seeded random sequence of grants (some expiring),
// reservations, settlements, releases, charges, replays, clock moves and sweeps. After every step
// the ledger's invariants hold and no balance is negative; each outcome is the one a simple model
// of the rules predicts (ledger-scenario.ts); and the same seed replays to the same outcomes and
// the same ledger.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  chargeStep,
  grantStep,
  newScenario,
  releaseStep,
  reserveStep,
  START,
  type Scenario,
  settleStep,
} from './ledger-scenario.ts';
import { HOUR_MS, assertLedgerInvariants, startBilling, type BillingHarness } from './support.ts';

let h: BillingHarness;
const STEPS = 150;

before(async () => {
  h = await startBilling();
});

after(async () => {
  await h?.stop();
});

/** One operation, drawn by the scenario's generator; its line of the trace. */
async function nextStep(s: Scenario, step: number): Promise<string> {
  const { clock } = h;
  const roll = s.rng.next();
  if (roll < 0.15) return grantStep(s, step);
  if (roll < 0.45) return reserveStep(s, step);
  if (roll < 0.6 && s.works.length > 0) return settleStep(s, step);
  if (roll < 0.7 && s.works.length > 0) return releaseStep(s, step);
  if (roll < 0.82) return chargeStep(s, step);
  if (roll < 0.94) {
    clock.advance(s.rng.int(1, 180) * 60_000);
    return `time +${clock.now().getTime() - START.getTime()}`;
  }
  await h.service.sweepExpired(clock.now());
  return 'sweep';
}

/** Runs one seeded scenario for `principalId`; returns its trace and final ledger (ids left out). */
async function runScenario(seed: number, principalId: string): Promise<{ trace: string[]; ledger: string[] }> {
  const s = newScenario(h, seed, principalId);
  const { billing, clock, db } = h;
  clock.set(START);
  const trace: string[] = [];

  for (let step = 0; step < STEPS; step += 1) {
    const line = await nextStep(s, step);
    // Every operation that went through the ledger (all but refusals and clock moves) expired
    // what was past due first, and at once what it returned to an expired grant.
    const throughLedger = !/conflict|bad_request|^time/.test(line);
    const { available, reserved } = await assertLedgerInvariants(
      db,
      principalId,
      throughLedger ? { expiredBy: clock.now() } : {},
    );
    trace.push(`${step}: ${line} | ${available}/${reserved}`);

    if (step % 10 === 9) {
      // A read expires whatever is past due: nothing expired may count afterwards.
      await billing.getBalance({ principalId });
      await assertLedgerInvariants(db, principalId, { expiredBy: clock.now() });
    }
  }

  // Settle or release what is still held, then everything left is spendable credit.
  for (const work of s.works.filter((w) => w.status === 'held')) await billing.release({ reference: work.ref });
  clock.advance(7 * HOUR_MS);
  await billing.getBalance({ principalId });
  const { reserved } = await assertLedgerInvariants(db, principalId, { expiredBy: clock.now() });
  assert.equal(reserved, 0n);

  const ledger = (
    await db.query(
      'SELECT kind, available_delta_micro, reserved_delta_micro, available_after_micro, reserved_after_micro FROM ledger_entries WHERE principal_id = $1 ORDER BY seq',
      [principalId],
    )
  ).rows.map(
    (e) =>
      `${e.kind} ${e.available_delta_micro}/${e.reserved_delta_micro} → ${e.available_after_micro}/${e.reserved_after_micro}`,
  );
  const kinds = new Set(ledger.map((e) => e.split(' ')[0]));
  for (const kind of ['grant', 'reservation', 'settlement', 'release', 'charge', 'expiry'])
    assert.ok(kinds.has(kind), `seed ${seed} exercised ${kind}`);
  return { trace: trace.map((l) => l.replaceAll(principalId, 'P')), ledger };
}

describe('the ledger under random operations', () => {
  for (const seed of [1, 7, 42, 2026]) {
    it(`seed ${seed}: invariants hold after every step, and the seed replays identically`, async () => {
      const first = await runScenario(seed, `usr_seed${seed}_a`);
      const replay = await runScenario(seed, `usr_seed${seed}_b`);
      assert.deepEqual(replay.trace, first.trace);
      assert.deepEqual(replay.ledger, first.ledger);
      assert.ok(
        first.trace.some((l) => l.includes('insufficient')),
        'some operations were refused',
      );
    });
  }
});
