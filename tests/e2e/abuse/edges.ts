// The edges of every request the fuzzer cannot reach by chance: bodies past the limit each
// operation states in x-max-body-bytes (413), signed upload and download URLs with one part
// changed or past their lifetime (URL_TTL_SECONDS, media's setting on the world's fleet), and share
// links that were guessed, revoked, rotated or expired. eve acts.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ArtifactsServiceService } from '@tp/proto';
import { eventually, testClient } from '@tp/testing';
import { call } from '../support/http.ts';
import { label } from '../support/abuse/openapi.ts';
import { send } from '../support/abuse/send.ts';
import { flip, tamperedShareTokens, tamperedSignedUrls } from '../support/abuse/tamper.ts';
import { ACTOR_SETUP, type Actor, actor, createToken, MEDIA_MAX_BYTES, signIn, world } from '../support/abuse/world.ts';

let eve: Actor;

const WAV = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(60)]);
const api = (method: string, path: string, body?: object, token = eve.token) =>
  call(world.fleet.gatewayUrl, method, path, { token, body });

/** A media export of eve's: a file in her storage prefix, stored as the worker stores one. */
async function mediaExport(): Promise<{ artifactId: string; versionId: string }> {
  const { objectStore: store, artifactsGrpcAddr } = world.fleet;
  const s3 = new S3Client({
    endpoint: store.endpoint,
    region: store.region,
    forcePathStyle: true,
    credentials: { accessKeyId: store.accessKeyId, secretAccessKey: store.secretAccessKey },
  });
  const key = `users/${eve.id}/exports/abuse/captions.srt`;
  await s3.send(
    new PutObjectCommand({ Bucket: store.bucket, Key: key, Body: '1\n00:00:00,000 --> 00:00:01,000\nhi\n' }),
  );
  s3.destroy();
  const artifacts = testClient(ArtifactsServiceService, artifactsGrpcAddr, { audience: 'artifacts', as: 'worker' });
  const made = await artifacts
    .createArtifact({
      userId: eve.id,
      artifactType: 'media_export',
      mediaId: eve.ids.media_id[0]!,
      workspaceId: '',
      jobId: 'job_abuse',
      title: 'Captions',
      payloadJson: JSON.stringify({ format: 'srt', entries: 1 }),
      authorType: 'service',
      authorId: 'worker',
      outputKey: key,
      outputFormat: 'srt',
      idempotencyKey: '',
    })
    .finally(() => artifacts.close());
  return { artifactId: made.artifact!.artifactId, versionId: made.version!.versionId };
}

/** Signed URLs issued as the module starts, so they have run out by its last tests. */
const issued = { upload: '', download: '' };
async function issueSignedUrls(): Promise<void> {
  const session = await api('POST', '/api/v1/media/upload-session', {
    file_name: 'a.wav',
    content_type: 'audio/wav',
    size_bytes: WAV.length,
  });
  assert.equal(session.status, 201, session.text);
  issued.upload = session.body.data.upload_url;
  const { artifactId, versionId } = await mediaExport();
  const link = await api('GET', `/api/v1/artifacts/${artifactId}/versions/${versionId}/download-url?ttl_seconds=60`);
  assert.equal(link.status, 200, link.text);
  issued.download = link.body.data.url;
}

const put = (url: string, type = 'audio/wav') =>
  fetch(url, { method: 'PUT', body: WAV, headers: { 'content-type': type } });

export function edgesTests(): void {
  describe('the edges of every request', { concurrency: false }, () => {
    before(async () => {
      eve = await actor('eve');
      await issueSignedUrls();
    }, ACTOR_SETUP);
    describe('bodies past the limit', bodiesPastTheLimit);
    describe('signed URLs', signedUrls);
    describe('share links', shareLinks);
  });
}

function bodiesPastTheLimit(): void {
  it('are 413 payload_too_large for every operation with a JSON body, at one byte past x-max-body-bytes', async () => {
    const withBody = world.operations.filter((op) => op.body?.contentType === 'application/json');
    assert.ok(withBody.length > 0 && withBody.every((op) => op.maxBodyBytes !== null), 'every JSON body has a limit');
    for (const op of withBody) {
      const { session } = await signIn(world.fleet, eve);
      const token =
        op.requiredScope === 'app_session'
          ? session
          : (await createToken(world.fleet, session, { preset: 'full' })).token;
      const sized = (bytes: number) => `{"pad":"${'x'.repeat(bytes - 10)}"}`;
      for (const [bytes, tooLarge] of [
        [op.maxBodyBytes! + 1, true],
        [op.maxBodyBytes!, false],
      ] as const) {
        const text = sized(bytes);
        assert.equal(Buffer.byteLength(text), bytes);
        const answer = await send(world.fleet.gatewayUrl, op, {
          params: Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, 'abuse_id'])),
          query: [],
          headers: op.credential === 'none' ? {} : { authorization: `Bearer ${token}` },
          body: { kind: 'raw', text, contentType: 'application/json' },
        });
        const where = `${label(op)} with ${bytes} bytes: ${answer.status} ${answer.text.slice(0, 200)}`;
        if (tooLarge) assert.deepEqual([answer.status, answer.body?.detail?.code], [413, 'payload_too_large'], where);
        else assert.notEqual(answer.status, 413, where);
      }
    }
  });

  it('are 413 media_too_large for uploads past the media limit, declared or streamed', async () => {
    const declared = await api('POST', '/api/v1/media/upload-session', {
      file_name: 'big.wav',
      content_type: 'audio/wav',
      size_bytes: MEDIA_MAX_BYTES + 1,
    });
    assert.deepEqual([declared.status, declared.body.detail.code], [413, 'media_too_large'], declared.text);
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(MEDIA_MAX_BYTES + 1)], { type: 'audio/wav' }), 'big.wav');
    const res = await fetch(`${world.fleet.gatewayUrl}/api/v1/media/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${eve.token}` },
      body: form,
    });
    const body = (await res.json()) as { detail: { code: string } };
    assert.deepEqual([res.status, body.detail.code], [413, 'media_too_large']);
  });
}

function signedUrls(): void {
  it('with any signed part changed are refused by storage; the URL as issued works', async () => {
    const session = await api('POST', '/api/v1/media/upload-session', {
      file_name: 'b.wav',
      content_type: 'audio/wav',
      size_bytes: WAV.length,
    });
    const upload = session.body.data.upload_url as string;
    // 403 (the signature does not match) or 400 (the signature is incomplete): refused either way.
    for (const { what, url } of tamperedSignedUrls(upload, world.bob.id, eve.id))
      assert.ok([400, 403].includes((await put(url)).status), `upload URL with ${what}`);
    assert.equal((await put(upload, 'text/html')).status, 403, 'upload URL with another Content-Type');
    const { artifactId, versionId } = await mediaExport();
    const link = await api('GET', `/api/v1/artifacts/${artifactId}/versions/${versionId}/download-url`);
    const download = link.body.data.url as string;
    for (const { what, url } of tamperedSignedUrls(download, world.bob.id, eve.id))
      assert.ok([400, 403].includes((await fetch(url)).status), `download URL with ${what}`);
    assert.equal((await put(upload)).status, 200, 'the upload URL as issued');
    assert.equal((await fetch(download)).status, 200, 'the download URL as issued');
  });

  it('are refused once their lifetime has passed', { timeout: 240_000 }, async () => {
    const expired = async (res: Response) => res.status === 403 && /expired/i.test(await res.text());
    // Storage judges by its own clock; the URLs were issued when this module started.
    await eventually('the upload URL expires', async () => expired(await put(issued.upload)), 180_000, 1_000);
    await eventually('the download URL expires', async () => expired(await fetch(issued.download)), 30_000, 1_000);
  });
}

function shareLinks(): void {
  const open = (token: string, accept = 'application/json') =>
    fetch(`${world.fleet.gatewayUrl}/s/${encodeURIComponent(token)}`, { headers: { accept } });

  it('that were guessed or mistyped are 404, as JSON, as a page and as a download', async () => {
    const token = eve.shareToken;
    assert.equal((await open(token)).status, 200, 'the link as issued');
    for (const guess of [...tamperedShareTokens(token), world.bob.shareToken.slice(0, -1)]) {
      assert.equal((await open(guess)).status, 404, guess);
      assert.equal((await open(guess, 'text/html')).status, 404, guess);
      const file = await fetch(`${world.fleet.gatewayUrl}/s/${encodeURIComponent(guess)}/download/text`);
      assert.equal(file.status, 404, guess);
    }
  });

  it('that were revoked, rotated or have expired are 404', async () => {
    const create = async (extra: object = {}) => {
      const res = await api('POST', '/api/v1/shares', {
        share_kind: 'transcript',
        artifact_id: eve.ids.artifact_id[0],
        access_scope: 'everyone',
        ...extra,
      });
      assert.equal(res.status, 201, res.text);
      return { id: res.body.data.share_id as string, token: new URL(res.body.data.share_url).pathname.split('/')[2]! };
    };
    const revoked = await create();
    assert.equal((await api('DELETE', `/api/v1/shares/${revoked.id}`)).status, 200);
    assert.equal((await open(revoked.token)).status, 404, 'revoked');
    const rotated = await create();
    const fresh = await api('POST', `/api/v1/shares/${rotated.id}/rotate`);
    assert.equal(fresh.status, 200, fresh.text);
    assert.equal((await open(rotated.token)).status, 404, 'the secret before rotation');
    assert.equal((await open(new URL(fresh.body.data.share_url).pathname.split('/')[2]!)).status, 200);
    const expiring = await create({ expires_at: new Date(Date.now() + 10_000).toISOString() });
    assert.equal((await open(flip(expiring.token))).status, 404);
    await eventually('the link expires', async () => (await open(expiring.token)).status === 404, 60_000, 250);
  });
}
