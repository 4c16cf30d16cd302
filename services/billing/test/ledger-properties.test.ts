// The short form of the ledger's property test (ledger-run.ts): two seeds of 40 operations, each
// replayed, enough for every kind of entry to occur. The long form (four seeds of 150) is
// ledger-properties.faults.test.ts, run by `make faults`.
import { describe, it } from 'node:test';
import { assertSeedReplays } from './ledger-run.ts';
import { billingForFile } from './support.ts';

const harness = billingForFile();

describe('the ledger under random operations', () => {
  for (const seed of [4, 7])
    it(`seed ${seed}: invariants hold after every step of 40, and the seed replays identically`, () =>
      assertSeedReplays(harness(), seed, 40));
});
