// One seeded run of the ledger's property test (ledger-properties.test.ts, short; the long form is
// ledger-properties.faults.test.ts): a random sequence of grants (some expiring), reservations,
// settlements, releases, charges, replays, clock moves and sweeps. After every step the ledger's
// invariants hold and no balance is negative; each outcome is the one a simple model of the rules
// predicts (ledger-scenario.ts); and the same seed replays to the same outcomes and the same ledger.
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
import { assertLedgerInvariants, type BillingHarness, HOUR_MS } from './support.ts';

/** One operation, drawn by the scenario's generator; its line of the trace. */
async function nextStep(h: BillingHarness, s: Scenario, step: number): Promise<string> {
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

/** The principal's ledger entries in order, without their ids. */
async function ledgerOf(h: BillingHarness, principalId: string): Promise<string[]> {
  const { rows } = await h.db.query(
    'SELECT kind, available_delta_micro, reserved_delta_micro, available_after_micro, reserved_after_micro FROM ledger_entries WHERE principal_id = $1 ORDER BY seq',
    [principalId],
  );
  return rows.map(
    (e) =>
      `${e.kind} ${e.available_delta_micro}/${e.reserved_delta_micro} → ${e.available_after_micro}/${e.reserved_after_micro}`,
  );
}

/** Runs `steps` of one seeded scenario for `principalId`; its trace and final ledger (ids left out). */
export async function runScenario(
  h: BillingHarness,
  { seed, principalId, steps }: { seed: number; principalId: string; steps: number },
): Promise<{ trace: string[]; ledger: string[] }> {
  const s = newScenario(h, seed, principalId);
  const { billing, clock, db } = h;
  clock.set(START);
  const trace: string[] = [];

  for (let step = 0; step < steps; step += 1) {
    const line = await nextStep(h, s, step);
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

  const ledger = await ledgerOf(h, principalId);
  const kinds = new Set(ledger.map((e) => e.split(' ')[0]));
  for (const kind of ['grant', 'reservation', 'settlement', 'release', 'charge', 'expiry'])
    assert.ok(kinds.has(kind), `seed ${seed} exercised ${kind}`);
  return { trace: trace.map((l) => l.replaceAll(principalId, 'P')), ledger };
}

/** The test of one seed: two runs of it for two principals, the same outcomes and ledger each. */
export async function assertSeedReplays(h: BillingHarness, seed: number, steps: number): Promise<void> {
  const first = await runScenario(h, { seed, principalId: `usr_seed${seed}_a`, steps });
  const replay = await runScenario(h, { seed, principalId: `usr_seed${seed}_b`, steps });
  assert.deepEqual(replay.trace, first.trace);
  assert.deepEqual(replay.ledger, first.ledger);
  assert.ok(
    first.trace.some((l) => l.includes('insufficient')),
    'some operations were refused',
  );
}
