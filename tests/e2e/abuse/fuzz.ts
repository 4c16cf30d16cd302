// The property every operation of /openapi.json must hold, checked with fast-check against the
// real fleet: whatever the parameters, headers and body, the answer is never a 5xx and never a
// hang, and an error has one of the public shapes. ABUSE_RUNS sets the requests per operation,
// ABUSE_SEED replays a run (every failure names it). The operations are fuzzed in parts side by
// side, each part acting as a user of its own (fuzz-1, fuzz-2…): a part ends with the operations
// that end its caller (signing out, deleting the account).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import fc from 'fast-check';
import { FLEET_SERVICES } from '@tp/testing';
import { call } from '../support/http.ts';
import type { ArbitraryContext } from '../support/abuse/arbitraries.ts';
import { inCallOrder, label, type Operation } from '../support/abuse/openapi.ts';
import { type Credential, requestArbitrary } from '../support/abuse/requests.ts';
import { checkAnswer, send } from '../support/abuse/send.ts';
import { ACTOR_SETUP, type Actor, actor, createToken, idKindOf, signIn, world } from '../support/abuse/world.ts';

/** Requests per operation: about 1,500 in all by default (make test); ABUSE_RUNS=200 sends over 10,000. */
export const RUNS = Number(process.env.ABUSE_RUNS || 20);
/** Bounds that only end a run that would otherwise hang (each request has its own, REQUEST_TIMEOUT_MS). */
const OPERATION_TIMEOUT_MS = 60_000 + RUNS * 2_000;
export const SEED = process.env.ABUSE_SEED ? Number(process.env.ABUSE_SEED) : (Math.random() * 2 ** 31) | 0;

/** Each operation's own seed, from the run's seed and its operationId: one failing operation replays alone. */
export function seedOf(operationId: string): number {
  let hash = SEED ^ 0x811c9dc5;
  for (const c of operationId) hash = Math.imul(hash ^ c.charCodeAt(0), 0x01000193);
  return hash | 0;
}

/** The ids a request of `user`'s may name: theirs and bob's. */
const idsOf =
  (user: Actor) =>
  (name: string): string[] | undefined => {
    const { bob } = world;
    if (name === 'token') return [user.shareToken, bob.shareToken];
    if (name === 'storage_key') return [`users/${user.id}/abuse.wav`, `users/${bob.id}/abuse.wav`];
    const kind = idKindOf(name);
    return kind ? [...user.ids[kind], ...bob.ids[kind]] : undefined;
  };

/** Revokes the user's tokens but the spare one, when the fuzzer has made as many as a user may have. */
async function pruneTokens(user: Actor, session: string): Promise<void> {
  const { fleet } = world;
  const list = await call(fleet.gatewayUrl, 'GET', '/api/v1/auth/tokens?limit=200', { token: session });
  for (const t of list.body.data as { token_id: string; revoked_at: string | null }[])
    if (!t.revoked_at && !user.ids.token_id.includes(t.token_id))
      await call(fleet.gatewayUrl, 'DELETE', `/api/v1/auth/tokens/${t.token_id}`, { token: session });
}

/** Fresh credentials of the user's for each operation, so one that signs out or revokes harms no other. */
async function credentialFor(user: Actor, op: Operation): Promise<Credential> {
  if (op.credential === 'none') return null;
  const { session } = await signIn(world.fleet, user);
  if (op.requiredScope === 'app_session') return `Bearer ${session}`;
  const made = await createToken(world.fleet, session, { preset: 'full' }).catch(async () => {
    await pruneTokens(user, session);
    return createToken(world.fleet, session, { preset: 'full' });
  });
  return `Bearer ${made.token}`;
}

async function fuzzOperation(user: Actor, op: Operation): Promise<void> {
  const ctx: ArbitraryContext = { doc: world.doc, idsFor: idsOf(user) };
  const arbitrary = requestArbitrary(ctx, op, await credentialFor(user, op));
  const property = fc.asyncProperty(arbitrary, async (req) => {
    checkAnswer(op, req, await send(world.fleet.gatewayUrl, op, req));
  });
  try {
    await fc.assert(property, { numRuns: RUNS, seed: seedOf(op.operationId), includeErrorInReport: true });
  } catch (err) {
    const down = FLEET_SERVICES.filter((name) => name !== 'worker' && !world.fleet.isRunning(name));
    const crash = down.map((name) => `\n${name} is down; its last log lines:\n${world.fleet.logs(name).slice(-3000)}`);
    throw new Error(
      `${label(op)} (${op.operationId}): ${(err as Error).message}${crash.join('')}\n` +
        `Replay with ABUSE_SEED=${SEED} ABUSE_RUNS=${RUNS} node tools/dev/run-tests.ts tests/e2e/abuse.test.ts`,
    );
  }
}

/** Registers the fuzzing of one part of the operations (every `parts`-th, from `part`), as `fuzz-<part>`. */
export function fuzzTests(part: number, parts: number): void {
  describe(`the fuzzing, part ${part}/${parts}`, { concurrency: false }, () => {
    let user: Actor;
    before(async () => {
      user = await actor(`fuzz-${part}`);
    }, ACTOR_SETUP);

    it(`keeps every answer of part ${part}/${parts} of /openapi.json below 500, in time and in shape`, {
      timeout: 120_000 + 30 * OPERATION_TIMEOUT_MS,
    }, async (t) => {
      const ops = inCallOrder(world.operations.filter((_, i) => i % parts === part - 1));
      assert.ok(ops.length > 0, 'no operation to fuzz');
      for (const op of ops) await t.test(label(op), { timeout: OPERATION_TIMEOUT_MS }, () => fuzzOperation(user, op));
      for (const name of FLEET_SERVICES.filter((s) => s !== 'worker'))
        assert.ok(world.fleet.isRunning(name), `${name} is still running`);
    });
  });
}
