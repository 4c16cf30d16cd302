// Fakes of billing's store parts for the use cases' unit tests. Grants are a small model (what is
// left of each, whether it is past due) so reads and sweeps have something to expire; holds and
// charges record what they were asked and answer as the test says. The ledger's own rules (replays,
// conflicts, allocation, expiry entries) are proven on the real database by the tests in test/.
import assert from 'node:assert/strict';
import { captureLogger } from '@tp/logging';
import type { Shortfall } from '../../domain/shortfall.ts';
import type { Balance, Reservation } from '../../store/index.ts';
import type { ChargeUsageDeps } from '../charge-usage.ts';
import type { CurrentBalanceDeps } from '../current-balance.ts';
import type { HoldUsageDeps } from '../hold-usage.ts';
import type { ReleaseStaleUsageHoldsDeps } from '../release-stale-usage-holds.ts';
import type { ReserveCreditsDeps } from '../reserve-credits.ts';
import type { SettleReservationDeps } from '../settle-reservation.ts';
import type { SweepExpiredGrantsDeps } from '../sweep-expired-grants.ts';

export const NOW = new Date('2026-06-01T00:00:00.000Z');
export const PRINCIPAL = 'usr_ada';
export const HOUR_MS = 3_600_000;

/** A grant in the model: what is left of it, and whether it is past due. */
export interface FakeGrant {
  principalId: string;
  remainingMicro: bigint;
  due: boolean;
}

/** How the store answers a hold or a charge: made, answered again (a replay), or short of credits. */
export type Answer = 'made' | 'again' | Shortfall;

export const balanceOf = (availableMicro: bigint, reservedMicro = 0n, principalId = PRINCIPAL): Balance => ({
  principalId,
  availableMicro,
  reservedMicro,
  asOf: NOW,
});

export function reservationOf(fields: Partial<Reservation> = {}): Reservation {
  return {
    id: 'res_1',
    principalId: PRINCIPAL,
    reference: 'job_1',
    profile: 'base',
    kind: 'audio',
    microCreditsPerHour: 400_000,
    seconds: 90,
    heldMicro: 10_000n,
    status: 'held',
    chargedMicro: 0n,
    actualSeconds: null,
    inputTokens: null,
    outputTokens: null,
    estimated: false,
    createdAt: NOW,
    settledAt: null,
    releasedAt: null,
    ...fields,
  };
}

type BillingDeps = ReserveCreditsDeps &
  SettleReservationDeps &
  ChargeUsageDeps &
  HoldUsageDeps &
  CurrentBalanceDeps &
  ReleaseStaleUsageHoldsDeps &
  SweepExpiredGrantsDeps;

/** What the fakes share: the grants, what the store was asked, and how it answers holds and charges. */
interface State {
  grants: FakeGrant[];
  calls: [method: string, ...args: unknown[]][];
  /** References of the usage holds the store calls stale. */
  stale: string[];
  answer: Answer;
}

/** A made hold or charge as `made`, or the same one answered again as `again`. */
const outcomeOf = <M extends string, A extends string>(state: State, made: M, again: A) =>
  state.answer === 'made' ? made : again;

function fakeReservations(state: State): BillingDeps['reservations'] {
  return {
    async reserve(input, now) {
      state.calls.push(['reserve', input, now]);
      if (typeof state.answer === 'object') return state.answer;
      const reservation = reservationOf({ ...input, status: 'held' });
      const outcome = outcomeOf(state, 'reserved', 'existing');
      return { outcome, reservation, balance: balanceOf(0n, input.heldMicro) };
    },
    async settle(reference, actualSeconds, now) {
      state.calls.push(['settle', reference, actualSeconds, now]);
      return { reservation: reservationOf({ reference, actualSeconds, status: 'settled' }), balance: balanceOf(0n) };
    },
    async release(reference, now) {
      state.calls.push(['release', reference, now]);
      return { reservation: reservationOf({ reference, status: 'released' }), balance: balanceOf(0n) };
    },
  };
}

function fakeUsageHolds(state: State): BillingDeps['usageHolds'] {
  return {
    async hold(input, now) {
      state.calls.push(['hold', input, now]);
      if (typeof state.answer === 'object') return state.answer;
      const { principalId, reference, heldMicro, model } = input;
      const reservation = reservationOf({ principalId, reference, heldMicro, kind: 'usage', profile: model });
      const outcome = outcomeOf(state, 'held', 'existing');
      return { outcome, reservation, balance: balanceOf(0n, input.heldMicro) };
    },
    async staleHolds(before, limit) {
      state.calls.push(['staleHolds', before, limit]);
      return state.stale.slice(0, limit);
    },
  };
}

function fakeCharges(state: State): BillingDeps['charges'] {
  return {
    async charge(input, now) {
      state.calls.push(['charge', input, now]);
      if (typeof state.answer === 'object') return state.answer;
      const tokens = { inputTokens: BigInt(input.inputTokens), outputTokens: BigInt(input.outputTokens) };
      const charge = { ...input, ...tokens, entryId: 'led_1', createdAt: now };
      return { outcome: outcomeOf(state, 'charged', 'replayed'), charge, balance: balanceOf(0n) };
    },
  };
}

/** Grants and balances over the model: available is what is left of the principal's grants. */
function fakeGrants(state: State): Pick<BillingDeps, 'grants' | 'balances'> {
  const { grants, calls } = state;
  const available = (principalId: string) =>
    grants.filter((g) => g.principalId === principalId).reduce((sum, g) => sum + g.remainingMicro, 0n);
  const dueOf = (principalId: string) =>
    grants.filter((g) => g.principalId === principalId && g.due && g.remainingMicro > 0n);
  const balance = (principalId: string, at: Date) => ({
    ...balanceOf(available(principalId), 0n, principalId),
    asOf: at,
  });
  return {
    grants: {
      async expireDue(principalId, at) {
        calls.push(['expireDue', principalId, at]);
        const due = dueOf(principalId);
        for (const grant of due) grant.remainingMicro = 0n;
        return due.length;
      },
      async principalsWithDueGrants(at, limit) {
        calls.push(['principalsWithDueGrants', at, limit]);
        const principals = new Set(grants.filter((g) => g.due && g.remainingMicro > 0n).map((g) => g.principalId));
        return [...principals].sort().slice(0, limit);
      },
    },
    balances: {
      current: async (principalId, at) => ({
        balance: balance(principalId, at),
        expiryDue: dueOf(principalId).length > 0,
      }),
      balance: async (principalId, at) => balance(principalId, at),
    },
  };
}

/** Every deps of billing's branching use cases over one set of fakes; `calls` lists what the store was asked. */
export function billingWorld() {
  const state: State = { grants: [], calls: [], stale: [], answer: 'made' };
  const { log, lines } = captureLogger('billing-test');
  const deps: BillingDeps = {
    now: () => NOW,
    log,
    staleAfterMs: 2 * HOUR_MS,
    reservations: fakeReservations(state),
    usageHolds: fakeUsageHolds(state),
    charges: fakeCharges(state),
    ...fakeGrants(state),
  };
  return {
    deps,
    grants: state.grants,
    calls: state.calls,
    stale: state.stale,
    lines,
    /** The store's calls of one method, each its arguments. */
    callsOf: (method: string) => state.calls.filter(([name]) => name === method).map(([, ...args]) => args),
    /** How the store answers holds and charges from now on. */
    answers(next: Answer): void {
      state.answer = next;
    },
  };
}

/** The store answers: short of credits, needing `requiredMicro` with `availableMicro` there. */
export const shortfall = (requiredMicro: bigint, availableMicro: bigint): Shortfall => ({
  outcome: 'insufficient',
  requiredMicro,
  availableMicro,
});

/** Each request (the base with a case's overrides) is a bad_request with the case's message; the store is never asked. */
export async function assertRefusedUnasked(
  run: (deps: BillingDeps, overrides: object) => Promise<unknown>,
  cases: readonly (readonly [overrides: object, message: RegExp])[],
): Promise<void> {
  const { deps, calls } = billingWorld();
  for (const [overrides, message] of cases)
    await assert.rejects(run(deps, overrides), { code: 'bad_request', message }, String(message));
  assert.deepEqual(calls, [], 'the store was not asked');
}

/** When the store answers a shortfall, the call is insufficient_credits with what was needed and what there was. */
export async function assertShortOfCredits(run: (deps: BillingDeps) => Promise<unknown>): Promise<void> {
  const world = billingWorld();
  world.answers(shortfall(7_500n, 5_000n));
  await assert.rejects(run(world.deps), {
    code: 'insufficient_credits',
    message: 'This needs 0.0075 credits; 0.005 are available.',
    details: { required_credits: 0.0075, available_credits: 0.005 },
  });
}
