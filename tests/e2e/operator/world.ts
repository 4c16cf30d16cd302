// The fleet of tests/e2e/operator.test.ts, started once for its modules: every service but shares,
// the real worker and PocketSphinx, jobs counted at limits no test reaches; a spoken sentence and
// ada, with 10 credits, for metrics.ts (smoke.ts provisions its own user, as the chart's test does).
import { after, before } from 'node:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFleet, synthesizeSpeech, UNREACHED_RATE_LIMITS, type Fleet } from '@tp/testing';
import { FLEET_START } from '../support/fleet-start.ts';
import { createUser, type TestUser } from '../support/jobs.ts';

const SENTENCE = 'The quick brown fox jumps over the lazy dog. She sells seashells by the seashore.';

export interface OperatorWorld {
  fleet: Fleet;
  dir: string;
  /** SENTENCE spoken by `rms`. */
  speech: string;
  ada: TestUser;
}

export const world = {} as OperatorWorld;

export function useOperatorWorld(): void {
  before(async () => {
    world.fleet = await startFleet({ without: ['shares'], gatewayEnv: UNREACHED_RATE_LIMITS });
    world.dir = await mkdtemp(join(tmpdir(), 'tp-e2e-operator-'));
    world.speech = await synthesizeSpeech(SENTENCE, { voice: 'rms', dir: world.dir });
    world.ada = await createUser(world.fleet, 'ada', '10');
  }, FLEET_START);

  after(async () => {
    await world.fleet?.stop();
    if (world.dir) await rm(world.dir, { recursive: true, force: true });
  });
}
