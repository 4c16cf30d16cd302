// The short form of `make faults` (tests/faults/main.ts), in `make test`: the fault suite's own
// PostgreSQL, NATS and S3 and a fleet on them; three faults once each (a worker killed in the
// middle of a transcription, NATS, PostgreSQL: SHORT_FORM), with every invariant checked after
// each kill. `make faults` runs the worker kill 50 times and each other fault (every service, the
// local S3 too) 5 times.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type FaultFleet, startFaultFleet } from './support/fleet.ts';
import { runFault } from './support/report.ts';
import { SHORT_FORM } from './support/run.ts';
import { makeRecordings, type Recordings, removeRecordings, Session } from './support/session.ts';

let fleet: FaultFleet;
let recordings: Recordings;
let session: Session;
const quiet = () => {};

/** Bounds that only end a hung run (a busy machine makes each step slower, never a wrong answer). */
const SETUP_BOUND = { timeout: 10 * 60_000 };
const RUN_BOUND = { timeout: 8 * 60_000 };

before(async () => {
  fleet = await startFaultFleet(quiet);
  recordings = await makeRecordings();
  session = new Session(fleet, recordings, 'short-form');
  await session.plan(); // the user, the uploads and the transcript the runs edit
}, SETUP_BOUND);

after(async () => {
  if (recordings) await removeRecordings(recordings);
  await fleet?.stop();
});

describe('a fault, once each, leaves every invariant intact', () => {
  for (const fault of SHORT_FORM) {
    it(`${fault.name}: kill -9 and restart`, RUN_BOUND, async () => {
      const report = await runFault(fleet, session, fault, 1, quiet);
      assert.deepEqual(report.violations, []);
      assert.equal(report.runs, 1);
    });
  }
});
