// One artifacts test file's world: infrastructure, a main replica and (when asked) a second one on
// the same database whose clock the tests set.
import { after, before } from 'node:test';
import type { Artifact } from '@tp/proto';
import { exampleTranscript, type Transcript } from '@tp/transcript';
import type pg from 'pg';
import {
  type ArtifactsClient,
  createRequest,
  type Infra,
  type InProcessService,
  startInfra,
  startInProcess,
  type TestClock,
  testClock,
} from './support.ts';

export interface ArtifactsSuite {
  infra: Infra;
  main: InProcessService;
  /** Signs URLs at `clock`'s time; only with `clocked: true`. */
  clocked: InProcessService;
  clock: TestClock;
  artifacts: ArtifactsClient;
  db: pg.Client;
}

/**
 * Starts the suite before the file's first test (then hands it to `ready`) and stops it after its
 * last. One `before` hook does it all: node:test starts a file's top-level `before` hooks without
 * waiting for one another.
 */
export function artifactsSuite(options: { clocked?: boolean }, ready: (suite: ArtifactsSuite) => void): void {
  const suite = { clock: testClock() } as ArtifactsSuite;
  before(async () => {
    suite.infra = await startInfra();
    suite.main = await startInProcess(suite.infra);
    if (options.clocked) suite.clocked = await startInProcess(suite.infra, {}, { now: () => suite.clock.now() });
    suite.artifacts = suite.main.client;
    suite.db = suite.infra.db;
    ready(suite);
  });
  after(async () => {
    await suite.clocked?.stop();
    await suite.main?.stop();
    await suite.infra?.dispose();
  });
}

/** A transcript artifact of `userId` (the example transcript unless `t` is given). */
export async function createTranscript(
  client: ArtifactsClient,
  userId: string,
  t: Transcript = exampleTranscript(),
): Promise<Artifact> {
  const created = await client.createArtifact(createRequest(userId, { payloadJson: JSON.stringify(t) }));
  return created.artifact!;
}
