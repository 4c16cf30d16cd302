// The abuse suite (ADR 0014): every operation of the gateway's /openapi.json checked from outside,
// on one fleet (support/abuse/world.ts), its modules side by side, each acting as a user of its own
// against bob's objects:
// - abuse/access.ts: who may call each operation: another user's ids are 404, a missing or wrong
//   credential 401, a missing scope 403 insufficient_scope, a token on an app-only operation 403
//   pat_route_not_allowed;
// - abuse/edges.ts: bodies past their limit (413), signed URLs changed or run out, share links
//   guessed, revoked, rotated or expired;
// - abuse/fuzz.ts, in two parts: fast-check requests to every operation, never a 5xx, never a hang,
//   every error in a public shape (ABUSE_RUNS requests per operation; ABUSE_SEED replays a run).
// At its end it prints what it sent (and writes it to ABUSE_REPORT_DIR for tools/dev/abuse.ts).
import { after, describe } from 'node:test';
import { accessTests } from './abuse/access.ts';
import { edgesTests } from './abuse/edges.ts';
import { fuzzTests, SEED } from './abuse/fuzz.ts';
import { reportCounts } from './support/abuse/send.ts';
import { useAbuseWorld } from './support/abuse/world.ts';

useAbuseWorld();

describe('the abuse suite, side by side', { concurrency: true }, () => {
  accessTests();
  edgesTests();
  fuzzTests(1, 2);
  fuzzTests(2, 2);
});

after(() => {
  console.log(reportCounts('abuse', SEED));
});
