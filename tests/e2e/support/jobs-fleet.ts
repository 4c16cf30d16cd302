// The fleet of the job tests (all but shares) with a spoken sentence and three users: ada and bob
// with 10 credits each, broke with none. useJobsFleet() starts it for the test file that calls it;
// the bindings below hold its parts once it runs.
import { after, before } from 'node:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFleet, synthesizeSpeech, UNREACHED_RATE_LIMITS, type Fleet } from '@tp/testing';
import { call } from './http.ts';
import { createUser, type TestUser } from './jobs.ts';

export const SENTENCE = 'The quick brown fox jumps over the lazy dog. She sells seashells by the seashore.';

export let fleet: Fleet;
export let dir: string;
export let speech: string;
export let ada: TestUser;
export let bob: TestUser;
export let broke: TestUser;

export function useJobsFleet(): void {
  before(async () => {
    fleet = await startFleet({ without: ['shares'], gatewayEnv: UNREACHED_RATE_LIMITS });
    dir = await mkdtemp(join(tmpdir(), 'tp-e2e-jobs-'));
    speech = await synthesizeSpeech(SENTENCE, { voice: 'rms', dir });
    [ada, bob, broke] = [
      await createUser(fleet, 'ada', '10'),
      await createUser(fleet, 'bob', '10'),
      await createUser(fleet, 'broke', null),
    ];
  });

  after(async () => {
    await fleet?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
}

export const exportOf = (user: TestUser, jobId: string, query: string) =>
  call(fleet.gatewayUrl, 'GET', `/api/v1/jobs/${jobId}/export?${query}`, { token: user.token });
