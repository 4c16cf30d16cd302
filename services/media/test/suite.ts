// One media test file's world: infrastructure, media files, a main replica and (when asked) a
// second replica with small limits on the same database and bus, and helpers shared by the
// integration tests.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { type Bus, type BusEvent, connectBus } from '@tp/bus';
import type { MediaDeletedPayload, MediaVerifiedPayload } from '@tp/events';
import type { CreateUploadSessionRequest } from '@tp/proto';
import pg from 'pg';
import {
  type Infra,
  type InProcessService,
  log,
  type MediaClient,
  type MediaFiles,
  makeMediaFiles,
  put,
  startInfra,
  startInProcess,
} from './support.ts';

export const TIGHT_MAX_BYTES = 250_000;
export const TIGHT_QUOTA_BYTES = 400_000;

export interface MediaSuite {
  infra: Infra;
  files: MediaFiles;
  main: InProcessService;
  /**
   * A second replica with small limits (quota and size tests) that signs clients' URLs for another
   * address of the store (localhost); only with `tight: true`.
   */
  tight: InProcessService;
  media: MediaClient;
  db: pg.Client;
  /** Every `events.media.>` event seen so far; only with `events: true`. */
  events: BusEvent<MediaVerifiedPayload | MediaDeletedPayload>[];
}

export interface MediaSuiteOptions {
  tight?: boolean;
  events?: boolean;
  /** Environment of every replica (e.g. FFPROBE_PATH), made before the first replica starts. */
  env?: () => Promise<Record<string, string>>;
}

/**
 * Starts the suite before the file's first test (then hands it to `ready`) and stops it after its
 * last. One `before` hook does it all: node:test starts a file's top-level `before` hooks without
 * waiting for one another.
 */
export function mediaSuite(options: MediaSuiteOptions, ready: (suite: MediaSuite) => void): MediaSuite {
  const suite = { events: [] } as unknown as MediaSuite;
  const stops: (() => Promise<unknown>)[] = [];
  before(async () => {
    [suite.infra, suite.files] = await Promise.all([startInfra(), makeMediaFiles()]);
    stops.push(
      () => suite.infra.dispose(),
      () => suite.files.remove(),
    );
    const env = (await options.env?.()) ?? {};
    suite.main = await startInProcess(suite.infra, env);
    stops.push(() => suite.main.stop());
    suite.media = suite.main.client;
    if (options.tight) {
      suite.tight = await startInProcess(suite.infra, {
        ...env,
        MEDIA_MAX_BYTES: String(TIGHT_MAX_BYTES),
        STORAGE_QUOTA_BYTES: String(TIGHT_QUOTA_BYTES),
        S3_PUBLIC_ENDPOINT: suite.infra.objectStore.endpoint.replace('127.0.0.1', 'localhost'),
      });
      stops.push(() => suite.tight.stop());
    }
    suite.db = new pg.Client({ connectionString: suite.infra.database.databaseUrl.replace(/\?.*$/, '') });
    await suite.db.connect();
    stops.push(() => suite.db.end());
    if (options.events) stops.push(await collectEvents(suite.infra, suite.events));
    ready(suite);
  });
  after(async () => {
    for (const stop of stops.reverse()) await stop();
  });
  return suite;
}

async function collectEvents(infra: Infra, events: MediaSuite['events']): Promise<() => Promise<void>> {
  const bus: Bus = await connectBus({
    url: infra.namespace.natsUrl,
    name: 'media-test',
    prefix: infra.namespace.prefix,
    credentialsFile: infra.namespace.credentialsFile,
    log,
  });
  const subscription = await bus.subscribeEvents<MediaVerifiedPayload | MediaDeletedPayload>({
    filterSubject: 'events.media.>',
    handler: (e) => void events.push(e),
  });
  return async () => {
    await subscription.stop();
    await bus.close();
  };
}

let users = 0;
/** A fresh user id per test, so usage and quotas never leak between tests. */
export const newUser = () =>
  `usr_test${String((users += 1)).padStart(4, '0')}${Math.random().toString(36).slice(2, 8)}`;

export const sessionRequest = (
  userId: string,
  overrides: Partial<CreateUploadSessionRequest> = {},
): CreateUploadSessionRequest => ({
  userId,
  fileName: 'tone.wav',
  contentType: 'audio/wav',
  workspaceId: '',
  idempotencyKey: '',
  userAgent: 'media-test/1.0',
  sizeBytes: 0,
  ...overrides,
});

/** An upload session whose file has been PUT. */
export async function uploaded(
  client: MediaClient,
  userId: string,
  body: Uint8Array,
  overrides: Partial<CreateUploadSessionRequest> = {},
) {
  const session = await client.createUploadSession(sessionRequest(userId, overrides));
  const res = await put(session.uploadUrl, body, session.uploadHeaders['Content-Type']!);
  assert.equal(res.status, 200, await res.text());
  return session;
}

/** The media's row, as stored. */
export const mediaRow = async (db: pg.Client, mediaId: string) =>
  (await db.query('SELECT * FROM media.media_assets WHERE id = $1', [mediaId])).rows[0];
