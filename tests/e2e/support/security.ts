// The fleet of the least-privilege tests (issue 33): the edge, media, artifacts and jobs, no worker
// process (the tests hold the worker's own credentials instead, as an attacker who took its pod
// would) and a job grant that lives 5 s, so a finished job's last grant runs out within a test.
// useSecurityFleet() starts it for the test file that calls it.
import { after, before } from 'node:test';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect, credsAuthenticator, type NatsConnection } from '@nats-io/transport-node';
import { type BusRole, inboxPrefixOf } from '@tp/bus';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFleet, synthesizeSpeech, type Fleet } from '@tp/testing';
import { createUser, type TestUser } from './jobs.ts';

/** How long a job grant lives in this fleet (JOB_GRANT_TTL_SECONDS). */
export const GRANT_TTL_SECONDS = 5;

export let fleet: Fleet;
export let speech: string;
export let ada: TestUser;
export let eve: TestUser;
let dir: string;

/** A raw NATS connection with `role`'s own credentials on the fleet's namespace (its inbox, as the service's). */
export async function connectAs(role: BusRole): Promise<NatsConnection> {
  const creds = await readFile(await fleet.natsNamespace.credentialsFor(role));
  return connect({
    servers: fleet.natsUrl,
    authenticator: credsAuthenticator(creds),
    inboxPrefix: inboxPrefixOf(role),
    timeout: 5_000,
  });
}

export function useSecurityFleet(): void {
  let starting: Promise<Fleet> | undefined;
  before(async () => {
    starting = startFleet({
      without: ['worker', 'shares', 'webhook-dispatcher', 'ai-proxy'],
      jobsEnv: { JOB_GRANT_TTL_SECONDS: String(GRANT_TTL_SECONDS) },
    });
    fleet = await starting;
    dir = await mkdtemp(join(tmpdir(), 'tp-e2e-security-'));
    [speech, ada, eve] = await Promise.all([
      synthesizeSpeech('Only the job that reads this may hear it.', { dir }),
      createUser(fleet, 'ada', '100'),
      createUser(fleet, 'eve', '100'),
    ]);
  });

  after(async () => {
    await (fleet ?? (await starting?.catch(() => undefined)))?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
}
