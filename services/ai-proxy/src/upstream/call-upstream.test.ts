import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AppError } from '@tp/errors';
import { createLogger } from '@tp/logging';
import { type FakeOpenAi, freePort, startFakeOpenAi } from '@tp/testing';
import type { ModelRoute } from '../domain/routes.ts';
import { callUpstream } from './call-upstream.ts';

const log = createLogger({ service: 'call-upstream-test', level: 'silent' });
let fake: FakeOpenAi;
let dead: string;

before(async () => {
  fake = await startFakeOpenAi();
  dead = `http://127.0.0.1:${await freePort()}/v1`; // nothing listens there: connections are refused
});
afterEach(() => fake.reset());
after(() => fake.stop());

const call = (route: ModelRoute, timeoutMs = 10_000) =>
  callUpstream({
    route,
    path: '/chat/completions',
    bodyFor: (model) => JSON.stringify({ model, messages: [{ role: 'user', content: 'Hi' }] }),
    timeoutMs,
    signal: new AbortController().signal,
    log,
  });
const refused = (route: ModelRoute, timeoutMs?: number) =>
  call(route, timeoutMs).then(
    () => assert.fail('expected a failure'),
    (err: AppError) => err,
  );

describe('callUpstream', () => {
  it('asks the fallback, with its key and model, when the primary refuses connections', async () => {
    const answer = await call({
      primary: { upstream: { baseUrl: dead, apiKey: 'sk-primary' }, model: 'primary-model' },
      fallback: { upstream: { baseUrl: fake.url, apiKey: 'sk-fallback' }, model: 'fallback-model' },
    });
    assert.equal(answer.provider, 'fallback');
    assert.equal(answer.response.status, 200);
    await answer.response.body?.cancel();
    const sent = fake.requests.at(-1);
    assert.equal(sent!.body.model, 'fallback-model');
    assert.equal(sent!.headers.authorization, 'Bearer sk-fallback');
  });

  it('is upstream_error when the primary refuses connections and there is no fallback, its address kept back', async () => {
    const err = await refused({ primary: { upstream: { baseUrl: dead, apiKey: undefined }, model: 'm' } });
    assert.equal(err.code, 'upstream_error');
    assert.ok(!err.message.includes('127.0.0.1'), err.message);
  });

  it('is upstream_timeout when no answer comes in time, and asks the fallback first', async () => {
    fake.behave({ hang: true });
    const upstream = { baseUrl: fake.url, apiKey: undefined };
    const seen = fake.requests.length;
    const err = await refused({ primary: { upstream, model: 'a' }, fallback: { upstream, model: 'b' } }, 200);
    assert.equal(err.code, 'upstream_timeout');
    assert.deepEqual(
      fake.requests.slice(seen).map((r) => r.body.model),
      ['a', 'b'],
    );
  });

  it('hands a 4xx answer back as it is, without the fallback', async () => {
    fake.behave({ errorStatus: 400 });
    const answer = await call({
      primary: { upstream: { baseUrl: fake.url, apiKey: undefined }, model: 'a' },
      fallback: { upstream: { baseUrl: dead, apiKey: undefined }, model: 'b' },
    });
    assert.deepEqual([answer.provider, answer.response.status], ['primary', 400]);
    await answer.response.body?.cancel();
  });
});
