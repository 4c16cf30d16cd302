// One world for an artifacts use case's unit test: the fake store, a bucket of output files,
// a clock the test moves and a logger it reads, in one deps object every use case accepts.
import { captureLogger } from '@tp/logging';
import type { ObjectStore } from '@tp/storage';
import { exampleTranscript } from '@tp/transcript';
import { fakeArtifactsStore } from './fake-store.ts';

export const USER = 'usr_alice';
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
    presignGet: async (key: string, ttl: number, options: { forClients?: boolean; signedAt?: Date } = {}) =>
      `http://s3.test/media/${key}?${new URLSearchParams({ op: 'get', ttl: String(ttl), for: options.forClients ? 'clients' : 'services', signedAt: options.signedAt?.toISOString() ?? '' })}`,
    presignPut: async (
      key: string,
      contentType: string,
      ttl: number,
      options: { forServices?: boolean; signedAt?: Date } = {},
    ) =>
      `http://s3.test/media/${key}?${new URLSearchParams({ op: 'put', type: contentType, ttl: String(ttl), for: options.forServices ? 'services' : 'clients', signedAt: options.signedAt?.toISOString() ?? '' })}`,
  } satisfies Pick<ObjectStore, 'head' | 'presignGet' | 'presignPut'>;
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

/** CreateArtifact's input for a transcript of USER written by the worker. */
export const transcriptRequest = (overrides: Record<string, string> = {}) => ({
  userId: USER,
  artifactType: 'transcript',
  mediaId: 'med_1',
  workspaceId: '',
  jobId: 'job_1',
  title: 'Interview',
  payloadJson: JSON.stringify(exampleTranscript()),
  authorType: 'service',
  authorId: 'worker',
  outputKey: '',
  outputFormat: '',
  idempotencyKey: '',
  ...overrides,
});

/** CreateArtifact's input for a media export of USER with its output file. */
export const exportRequest = (overrides: Record<string, string> = {}) =>
  transcriptRequest({
    artifactType: 'media_export',
    payloadJson: JSON.stringify({ format: 'mp4', captions: true }),
    outputKey: `users/${USER}/exports/job_1/talk.mp4`,
    outputFormat: 'mp4',
    ...overrides,
  });
