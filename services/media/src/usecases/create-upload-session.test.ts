import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IDEMPOTENCY_KEY_TTL_MS } from '@tp/idempotency';
import { finalizeToken } from '../domain/finalize-tokens.ts';
import { type CreateUploadSessionInput, createUploadSession } from './create-upload-session.ts';
import { uniqueViolation } from './testing/fake-store.ts';
import { MAX_BYTES, mediaWorld, QUOTA_BYTES, TOKEN_SECRET, USER } from './testing/fixtures.ts';

const request = (overrides: Partial<CreateUploadSessionInput> = {}): CreateUploadSessionInput => ({
  userId: USER,
  fileName: 'tone.wav',
  contentType: 'audio/wav',
  workspaceId: '',
  idempotencyKey: '',
  userAgent: 'test/1',
  sizeBytes: 0,
  ...overrides,
});
const ttlOf = (url: string) => Number(new URL(url).searchParams.get('ttl'));

describe('createUploadSession', () => {
  it('creates a media awaiting its upload, a PUT URL for its key and the token that finalizes it', async () => {
    const { deps, fake, clock } = mediaWorld();
    const ticket = await createUploadSession(deps, request({ workspaceId: 'ws_1', sizeBytes: 1000 }));
    const row = fake.get(ticket.mediaId)!;
    assert.deepEqual(
      [row.status, row.source, row.workspaceId, row.storageKey],
      ['awaiting_upload', 'upload_session', 'ws_1', `users/${USER}/media/${ticket.mediaId}/tone.wav`],
    );
    assert.equal(new URL(ticket.uploadUrl).searchParams.get('type'), 'audio/wav');
    assert.deepEqual(ticket, {
      mediaId: row.id,
      uploadUrl: ticket.uploadUrl,
      finalizeToken: finalizeToken(TOKEN_SECRET, row.uploadSession!.id),
      uploadUrlExpiresAt: new Date(clock.now().getTime() + deps.uploadUrlTtlSeconds * 1000),
      expiresAt: new Date(clock.now().getTime() + deps.uploadSessionTtlSeconds * 1000),
      uploadHeaders: { 'Content-Type': 'audio/wav' },
      replayed: false,
    });
  });

  it('never signs a URL that outlives its session', async () => {
    const { deps } = mediaWorld();
    const ticket = await createUploadSession({ ...deps, uploadSessionTtlSeconds: 60 }, request());
    assert.equal(ttlOf(ticket.uploadUrl), 60);
  });

  it('refuses bad sizes, types and keys with bad_request, and a size over the largest file', async () => {
    const { deps, fake } = mediaWorld();
    for (const bad of [{ sizeBytes: -1 }, { sizeBytes: 1.5 }, { contentType: 'image/png' }, { idempotencyKey: 'a b' }])
      await assert.rejects(createUploadSession(deps, request(bad)), { code: 'bad_request' });
    await assert.rejects(createUploadSession(deps, request({ sizeBytes: MAX_BYTES + 1 })), {
      code: 'media_too_large',
    });
    assert.deepEqual(fake.all(), []);
  });

  it('refuses a declared size the quota has no room for', async () => {
    const { deps, fake } = mediaWorld();
    fake.seed({ id: 'med_0', userId: USER, status: 'ready', sizeBytes: BigInt(QUOTA_BYTES - 100) });
    await assert.rejects(createUploadSession(deps, request({ sizeBytes: 101 })), { code: 'storage_quota_exceeded' });
    await createUploadSession(deps, request({ sizeBytes: 100 }));
  });

  it('passes on a failure of the store when the request has no key', async () => {
    const { deps } = mediaWorld();
    const failing = { ...deps, store: { ...deps.store, createUploadSession: () => Promise.reject(uniqueViolation()) } };
    await assert.rejects(createUploadSession(failing, request()), { code: 'P2002' });
  });
});

describe('createUploadSession: Idempotency-Key', () => {
  const keyed = request({ idempotencyKey: 'key-1' });

  it('replays the same session for the same request, signed afresh', async () => {
    const { deps, clock } = mediaWorld();
    const first = await createUploadSession(deps, keyed);
    clock.advance(60_000);
    const again = await createUploadSession(deps, keyed);
    assert.deepEqual(
      [again.mediaId, again.finalizeToken, again.expiresAt, again.replayed],
      [first.mediaId, first.finalizeToken, first.expiresAt, true],
    );
    assert.equal(again.uploadUrlExpiresAt.getTime() - first.uploadUrlExpiresAt.getTime(), 60_000);
  });

  it('refuses the key with another request with idempotency_conflict', async () => {
    const { deps } = mediaWorld();
    await createUploadSession(deps, keyed);
    await assert.rejects(createUploadSession(deps, { ...keyed, fileName: 'other.wav' }), {
      code: 'idempotency_conflict',
    });
  });

  it('answers not_found once its media is deleted, and upload_session_expired once its session is', async () => {
    const { deps, fake, clock } = mediaWorld();
    const deleted = await createUploadSession(deps, keyed);
    await deps.store.markDeleted(USER, deleted.mediaId, clock.now(), []);
    await assert.rejects(createUploadSession(deps, keyed), { code: 'not_found', message: /has been deleted/ });
    const expiring = request({ idempotencyKey: 'key-2' });
    const ticket = await createUploadSession(deps, expiring);
    clock.advance(deps.uploadSessionTtlSeconds * 1000);
    await assert.rejects(createUploadSession(deps, expiring), {
      code: 'upload_session_expired',
      details: { media_id: ticket.mediaId },
    });
    fake.seed({ ...fake.get(ticket.mediaId)!, status: 'expired' });
    await assert.rejects(createUploadSession(deps, expiring), { code: 'upload_session_expired' });
  });

  it('replays a completed session even after its expiry', async () => {
    const { deps, fake, clock } = mediaWorld();
    const ticket = await createUploadSession(deps, keyed);
    const row = fake.get(ticket.mediaId)!;
    fake.seed({ ...row, status: 'ready', uploadSession: { ...row.uploadSession!, completedAt: clock.now() } });
    clock.advance(deps.uploadSessionTtlSeconds * 1000);
    const again = await createUploadSession(deps, keyed);
    assert.deepEqual([again.mediaId, again.replayed, ttlOf(again.uploadUrl)], [ticket.mediaId, true, 1]);
  });

  it('forgets a key after 24 hours: the same key starts a new session', async () => {
    const { deps, clock } = mediaWorld();
    const first = await createUploadSession(deps, keyed);
    clock.advance(IDEMPOTENCY_KEY_TTL_MS);
    const second = await createUploadSession(deps, { ...keyed, fileName: 'other.wav' });
    assert.notEqual(second.mediaId, first.mediaId);
    assert.equal(second.replayed, false);
  });

  it('answers what a concurrent request with the key created when it won the insert', async () => {
    const { deps } = mediaWorld();
    let winner = '';
    const create = deps.store.createUploadSession;
    const racing = {
      ...deps,
      store: {
        ...deps.store,
        createUploadSession: async (...args: Parameters<typeof create>) => {
          // The other request commits first, under the same key.
          winner = (await create({ ...args[0], id: 'med_winner' }, { ...args[1], id: 'upl_winner' })).media.id;
          throw uniqueViolation();
        },
      },
    };
    const ticket = await createUploadSession(racing, keyed);
    assert.deepEqual([ticket.mediaId, ticket.replayed], [winner, true]);
  });
});
