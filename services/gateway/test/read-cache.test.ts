// The read cache (ADR 0025, "Read cache") in a real fleet: its TTLs set long here, so that what a
// test sees fresh comes from an invalidation (a job event, the caller's own write), never from an
// entry running out.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { eventually, type Fleet, startFleet, synthesizeSpeech } from '@tp/testing';

const LONG = { JOB_READ_CACHE_MS: '10000', JOB_FINISHED_READ_CACHE_MS: '300000', BALANCE_READ_CACHE_MS: '10000' };

let fleet: Fleet;
let clip: string;
let alice: { token: string; mediaId: string };
let bob: { token: string };

async function call(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${fleet.gatewayUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json', prefer: 'wait=30' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, data: text ? JSON.parse(text).data : undefined };
}

async function tsctl(...args: string[]): Promise<string> {
  const result = await fleet.tsctl(...args);
  assert.equal(result.code, 0, result.stderr);
  return result.stdout.trim();
}

async function user(name: string, features: string[] = []): Promise<string> {
  const email = `${name}@example.com`;
  await tsctl('users', 'create', '--email', email);
  for (const feature of features) await tsctl('features', 'grant', '--email', email, '--feature', feature);
  await tsctl('credits', 'grant', '--email', email, '--credits', '10', '--reason', 'test');
  return tsctl('tokens', 'create', '--email', email, '--preset', 'full', '--name', 'main');
}

const createJob = (executionMode: 'cloud' | 'client_local') =>
  call(alice.token, 'POST', '/api/v1/jobs', {
    input: { type: 'media_ref', media_id: alice.mediaId },
    profile: executionMode === 'cloud' ? 'oracle' : 'base',
    options: { language: 'en' },
    execution_mode: executionMode,
  });

before(async () => {
  fleet = await startFleet({ without: ['shares'], gatewayEnv: LONG });
  clip = await synthesizeSpeech('Hello there.', { voice: 'rms' });
  const token = await user('alice', ['jobs.client_local']);
  const uploaded = await call(token, 'POST', '/upload', {
    file_name: 'hello.wav',
    content_type: 'audio/wav',
    data_base64: (await readFile(clip)).toString('base64'),
  });
  assert.equal(uploaded.status, 201, uploaded.text);
  alice = { token, mediaId: uploaded.data.mediaId };
  bob = { token: await user('bob') };
});

after(async () => {
  await fleet?.stop();
  if (clip) await rm(clip, { force: true });
});

describe('the read cache', () => {
  it('answers a cancel through the same gateway at once, with the same headers', async () => {
    const created = await createJob('client_local');
    assert.equal(created.status, 202, created.text);
    const path = `/api/v1/jobs/${created.data.job_id}`;
    const first = await call(alice.token, 'GET', path);
    const cached = await call(alice.token, 'GET', path);
    assert.equal(cached.text, first.text);
    for (const answer of [first, cached]) {
      assert.equal(answer.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.equal(answer.headers.get('cache-control'), 'no-store');
      assert.equal(answer.headers.get('etag'), null);
    }
    assert.equal((await call(alice.token, 'DELETE', path)).status, 200);
    assert.equal((await call(alice.token, 'GET', path)).data.status, 'cancelled');
  });

  it('sees a status change made elsewhere (the worker) by its event, and another user still gets 404', async () => {
    const created = await createJob('cloud');
    assert.equal(created.status, 202, created.text);
    const path = `/api/v1/jobs/${created.data.job_id}`;
    const readAt = Date.now();
    assert.equal((await call(alice.token, 'GET', path)).status, 200);
    assert.equal((await call(bob.token, 'GET', path)).status, 404, 'right after the owner read it');
    await eventually(
      'the job succeeded',
      async () => (await call(alice.token, 'GET', path)).data.status === 'succeeded',
    );
    assert.ok(Date.now() - readAt < Number(LONG.JOB_READ_CACHE_MS), 'seen before the entry ran out');
    assert.equal((await call(bob.token, 'GET', path)).status, 404);
  });

  it('shows the balance a job creation changed at once', async () => {
    const before = await call(alice.token, 'GET', '/api/v1/billing/balance');
    assert.equal((await createJob('cloud')).status, 202);
    const after = await call(alice.token, 'GET', '/api/v1/billing/balance');
    assert.notEqual(after.text, before.text);
  });

  it('refuses a revoked token although its answer is cached', async () => {
    const secret = await tsctl('tokens', 'create', '--email', 'alice@example.com', '--preset', 'full', '--name', 'old');
    const created = await createJob('client_local');
    const path = `/api/v1/jobs/${created.data.job_id}`;
    assert.equal((await call(secret, 'GET', path)).status, 200);
    assert.equal((await call(secret, 'GET', path)).status, 200);
    const listed = JSON.parse(await tsctl('tokens', 'list', '--email', 'alice@example.com')) as {
      token_id: string;
      name: string;
    }[];
    const old = listed.find((t) => t.name === 'old')!;
    await tsctl('tokens', 'revoke', '--email', 'alice@example.com', '--token-id', old.token_id);
    await eventually('the revoked token refused', async () => (await call(secret, 'GET', path)).status === 401);
    assert.equal((await call(alice.token, 'GET', path)).status, 200, 'the cached answer still serves the owner');
  });
});
