// The owner's side of public links: a link made, listed, rotated and revoked, and links taken down
// when the media or the artifact behind them is deleted (media's and artifacts' events reaching
// shares), never on a deletion event that media or accounts do not confirm. carol's links, one test
// after the other: the first lists all of hers.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connectBus, STREAMS, type Bus } from '@tp/bus';
import { ACCOUNT_EVENTS, MEDIA_EVENTS } from '@tp/events';
import { createLogger } from '@tp/logging';
import { eventually } from '@tp/testing';
import { call } from '../support/http.ts';
import type { TestUser } from '../support/jobs.ts';
import { artifactOf, carol, fleet, newShare, open, share, transcript } from '../support/shares.ts';

/** Registers the link tests against the fleet of the entry file (tests/e2e/shares.test.ts). */
export function shareLinkTests(): void {
  describe('an owner’s links', { concurrency: false }, () => {
    it('a link is shown once, listed without its URL, rotated and revoked', fromCreationToRevocation);
    it('deleting the media or the artifact takes its links down', takenDown);
    it('a deletion event that media or accounts do not confirm takes nothing down', forgedDeletions);
    it('deleting the account takes its links down, once accounts confirms it is gone', accountDeleted);
    it('a retried save of a version and a retried link with one Idempotency-Key each create one', retried);
  });
}

const api = (method: string, path: string, body?: object) =>
  call(fleet.gatewayUrl, method, path, { token: carol.token, body });

async function fromCreationToRevocation() {
  const a = await artifactOf(carol, 'first words');
  const b = await artifactOf(carol, 'second words', 'Standup');
  const first = await share(carol, { artifact_id: a.artifactId });
  assert.equal(first.status, 201, first.text);
  const s = first.body.data;
  assert.match(s.share_id, /^shr_/);
  assert.match(s.share_url, new RegExp(`^${fleet.gatewayUrl}/s/[A-Za-z0-9_-]{43}$`));
  assert.equal(s.target_id, a.artifactId);
  assert.equal(s.target_version_id, null, 'follows the current version');
  assert.equal(s.status, 'active');
  assert.equal(s.title, 'Board meeting');
  assert.equal(s.share_url.split('/s/')[1].slice(0, s.token_hint.length), s.token_hint);
  const pinned = await share(carol, { artifact_id: b.artifactId, target_version_id: b.versionId, title: 'Notes' });
  assert.equal(pinned.status, 201, pinned.text);
  assert.equal(pinned.body.data.target_version_id, b.versionId);

  const listed = await api('GET', '/api/v1/shares');
  assert.deepEqual(
    listed.body.data.map((x: { share_id: string }) => x.share_id),
    [pinned.body.data.share_id, s.share_id],
    'newest first',
  );
  assert.ok(
    listed.body.data.every((x: { share_url: string | null }) => x.share_url === null),
    'the URL is not kept',
  );
  const byTarget = await api('GET', `/api/v1/shares?target_id=${a.artifactId}`);
  assert.deepEqual(
    byTarget.body.data.map((x: { share_id: string }) => x.share_id),
    [s.share_id],
  );

  const rotated = await api('POST', `/api/v1/shares/${s.share_id}/rotate`);
  assert.equal(rotated.status, 200, rotated.text);
  assert.notEqual(rotated.body.data.share_url, s.share_url);
  assert.equal((await open(s.share_url)).status, 404);
  const html = await open(s.share_url, 'text/html');
  assert.equal(html.status, 404);
  assert.match(await html.text(), /no longer shared/);
  const url = rotated.body.data.share_url;
  assert.equal((await open(url)).status, 200);

  const revoked = await api('DELETE', `/api/v1/shares/${s.share_id}`);
  assert.equal(revoked.status, 200, revoked.text);
  assert.equal(revoked.body.data.status, 'revoked');
  assert.equal((await open(url)).status, 404);
  assert.equal((await open(`${url}/download/text`)).status, 404);
  assert.deepEqual((await api('GET', `/api/v1/shares?target_id=${a.artifactId}`)).body.data, [], 'not listed');
  const all = await api('GET', `/api/v1/shares?target_id=${a.artifactId}&include_inactive=true`);
  assert.equal(all.body.data[0].status, 'revoked', 'unless asked for');
}

async function takenDown() {
  const a = await artifactOf(carol, 'media goes');
  const b = await artifactOf(carol, 'artifact goes');
  const byMedia = await newShare(carol, { artifact_id: a.artifactId });
  const byArtifact = await newShare(carol, { artifact_id: b.artifactId });
  assert.equal((await api('DELETE', `/api/v1/media/${a.mediaId}`)).status, 204);
  assert.equal((await open(byMedia.share_url)).status, 404);
  assert.equal((await api('DELETE', `/api/v1/artifacts/${b.artifactId}`)).status, 204);
  assert.equal((await open(byArtifact.share_url)).status, 404);
  const statuses = await api('GET', '/api/v1/shares?include_inactive=true&limit=200');
  const status = (id: string) => statuses.body.data.find((x: { share_id: string }) => x.share_id === id)?.status;
  assert.equal(status(byMedia.share_id), 'taken_down');
  assert.equal(status(byArtifact.share_id), 'taken_down');
}

/**
 * Anyone able to publish on the bus announces carol's account and a media of hers deleted: shares
 * asks accounts and media, both still have them, and her link stays up.
 */
async function forgedDeletions() {
  const a = await artifactOf(carol, 'still here');
  const link = await newShare(carol, { artifact_id: a.artifactId });
  const log = createLogger({ service: 'e2e-forger', level: 'silent' });
  const bus = await connectBus({
    url: fleet.natsUrl,
    prefix: fleet.natsPrefix,
    name: 'e2e-forger',
    credentialsFile: fleet.natsCredentialsFile,
    log,
  });
  try {
    const occurredAt = new Date().toISOString();
    await published(bus, 'shares-account-deleted', ACCOUNT_EVENTS.deleted, {
      user_id: carol.id,
      occurred_at: occurredAt,
    });
    await published(bus, 'shares-media-deleted', MEDIA_EVENTS.deleted, {
      media_id: a.mediaId,
      user_id: carol.id,
      workspace_id: null,
      occurred_at: occurredAt,
    });
  } finally {
    await bus.close();
  }
  assert.equal((await open(link.share_url)).status, 200, 'still shared');
  const listed = await api('GET', `/api/v1/shares?target_id=${a.artifactId}`);
  assert.deepEqual(
    listed.body.data.map((x: { share_id: string; status: string }) => [x.share_id, x.status]),
    [[link.share_id, 'active']],
  );
}

async function accountDeleted() {
  const email = 'dora@example.com';
  const password = 'correct horse battery staple';
  const created = await fleet.tsctl('users', 'create', '--email', email, '--password', password);
  assert.equal(created.code, 0, created.stderr);
  const dora: TestUser = {
    id: JSON.parse(created.stdout).user_id,
    email,
    token: (await fleet.tsctl('tokens', 'create', '--email', email, '--preset', 'full')).stdout.trim(),
  };
  const link = await newShare(dora, { artifact_id: (await artifactOf(dora, 'soon gone')).artifactId });
  assert.equal((await open(link.share_url)).status, 200);
  const session = await call(fleet.gatewayUrl, 'POST', '/api/v1/auth/sessions', {
    body: { email, password, device_name: 'laptop' },
  });
  assert.equal(session.status, 201, session.text);
  const deleted = await call(fleet.gatewayUrl, 'DELETE', '/api/v1/account', { token: session.body.data.session_token });
  assert.equal(deleted.status, 204, deleted.text);
  await eventually('the link of the deleted account is down', async () => (await open(link.share_url)).status === 404);
}

/** Publishes the event and waits until shares' durable consumer of it has handled (acknowledged) it. */
async function published(bus: Bus, durable: string, subject: string, payload: object): Promise<void> {
  const { seq } = await bus.publish(subject, payload);
  const stream = bus.streamName(STREAMS.EVENTS.name);
  await eventually(
    `${durable} handled the event`,
    async () => (await bus.manager.consumers.info(stream, durable)).ack_floor.stream_seq >= seq,
    30_000,
  );
}

/** A client that lost the answer sends the same request again with its key (ADR 0035). */
async function retried() {
  const a = await artifactOf(carol, 'said once');
  const twice = () =>
    call(fleet.gatewayUrl, 'POST', `/api/v1/artifacts/${a.artifactId}/versions`, {
      token: carol.token,
      headers: { 'idempotency-key': 'edit-once' },
      body: { payload: transcript('said twice'), base_version_id: a.versionId },
    });
  const [first, again] = [await twice(), await twice()];
  assert.deepEqual([first.status, again.status], [201, 201], again.text);
  assert.equal(again.body.data.version.version_id, first.body.data.version.version_id);
  const versions = await api('GET', `/api/v1/artifacts/${a.artifactId}/versions`);
  assert.equal(versions.body.data.length, 2, 'the first version and the one saved');

  const link = () =>
    call(fleet.gatewayUrl, 'POST', '/api/v1/shares', {
      token: carol.token,
      headers: { 'idempotency-key': 'link-once' },
      body: { share_kind: 'transcript', access_scope: 'everyone', artifact_id: a.artifactId },
    });
  const made = await link();
  assert.equal(made.status, 201, made.text);
  const replay = await link();
  assert.equal(replay.status, 409, replay.text);
  assert.deepEqual(
    [replay.body.detail.code, replay.body.detail.share_id],
    ['idempotency_replay_secret_unavailable', made.body.data.share_id],
  );
  const listed = await api('GET', `/api/v1/shares?target_id=${a.artifactId}`);
  assert.deepEqual(
    listed.body.data.map((x: { share_id: string }) => x.share_id),
    [made.body.data.share_id],
  );
}
