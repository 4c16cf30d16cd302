// The long form of the ledger's property test (ledger-run.ts): four seeds of 150 operations each,
// each replayed. `make faults` runs it; `make test` runs the short form, ledger-properties.test.ts.
import { describe, it } from 'node:test';
import { assertSeedReplays } from './ledger-run.ts';
import { billingForFile } from './support.ts';

const harness = billingForFile();

describe('the ledger under random operations (long form)', () => {
  for (const seed of [1, 7, 42, 2026])
    it(`seed ${seed}: invariants hold after every step of 150, and the seed replays identically`, () =>
      assertSeedReplays(harness(), seed, 150));
});
