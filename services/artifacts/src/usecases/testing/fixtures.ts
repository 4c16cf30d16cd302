// One world for an artifacts use case's unit test: the fake store, a bucket of output files,
// a clock the test moves and a logger it reads, in one deps object every use case accepts.
import { captureLogger } from '@tp/logging';
import type { ObjectStore } from '@tp/storage';
import { createArtifact } from '../create-artifact.ts';
import { fakeArtifactsStore } from './fake-store.ts';
import { transcriptRequest } from './requests.ts';

export { addVersionRequest, exportRequest, transcriptRequest, USER } from './requests.ts';

export const OTHER_USER = 'usr_bob';
export const MAX_PAYLOAD_BYTES = 64 * 1024;

export function artifactsWorld() {
  let at = new Date('2030-01-01T12:00:00.250Z').getTime();
  const clock = {
    now: () => new Date(at),
    advance(ms: number): void {
      at += ms;
    },
  };
  const fake = fakeArtifactsStore(clock.now);
  /** Output files in the bucket: their sizes by key. */
  const files = new Map<string, number>();
  const objects = {
    head: async (key: string) => {
      const size = files.get(key);
      return size === undefined ? null : { sizeBytes: size, contentType: 'video/mp4', etag: '"fake"' };
    },
    /** A GET URL that says what it was signed for. */
    presignGet: async (key: string, ttl: number, options: { forClients?: boolean; signedAt?: Date } = {}) => {
      const signed = { ttl: String(ttl), for: options.forClients ? 'clients' : 'services' };
      return `http://s3.test/media/${key}?${new URLSearchParams({ op: 'get', ...signed, signedAt: options.signedAt?.toISOString() ?? '' })}`;
    },
  } satisfies Pick<ObjectStore, 'head' | 'presignGet'>;
  const { log, lines } = captureLogger('artifacts-test');
  const deps = { store: fake.store, objects, now: clock.now, log, maxPayloadBytes: MAX_PAYLOAD_BYTES };
  return {
    deps,
    fake,
    files,
    clock,
    logged: (level: string) => lines.filter((line) => line.level === level).map((line) => String(line.msg)),
  };
}

export type ArtifactsWorld = ReturnType<typeof artifactsWorld>;

/** A world holding one transcript artifact of USER (the example transcript, by the worker). */
export async function transcriptWorld() {
  const world = artifactsWorld();
  const { artifact, version } = await createArtifact(world.deps, transcriptRequest());
  return { ...world, artifact, version };
}
