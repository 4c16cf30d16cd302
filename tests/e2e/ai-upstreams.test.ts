import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { freePort } from '@tp/testing';
import OpenAI from 'openai';
import { type AiWorld, ledgerOf, startAiWorld } from './support/ai.ts';
import { call } from './support/http.ts';

const chatOf = (client: OpenAI, model: string) =>
  client.chat.completions.create({ model, messages: [{ role: 'user', content: 'Hi' }] });

describe('a primary that refuses connections, with a fallback for one alias', () => {
  let world: AiWorld;

  before(async () => {
    const dead = await freePort(); // nothing listens there: connections are refused
    world = await startAiWorld({
      aiProxyEnv: (upstream) => ({
        AI_UPSTREAM_URL: `http://127.0.0.1:${dead}/v1`,
        AI_FALLBACK_KEY: 'sk-fallback',
        AI_MODEL_ROUTES: JSON.stringify({
          'svc-chat': {
            model: 'primary-model',
            fallback: { url: upstream.url, api_key_env: 'AI_FALLBACK_KEY', model: 'fallback-model' },
          },
        }),
      }),
    });
  });

  after(async () => {
    await world?.stop();
  });

  it('uses the fallback provider, with its key and model; without one a refused connection is 502, not charged', async () => {
    const { token, client } = await world.newUser(1);
    const answer = await chatOf(client, 'svc-chat');
    assert.equal(answer.choices[0]!.message.content, world.upstream.words.join(''));
    const sent = world.upstream.requests.at(-1)!;
    assert.equal(sent.body.model, 'fallback-model');
    assert.equal(sent.headers.authorization, 'Bearer sk-fallback');

    const refused = await chatOf(client, 'svc-chat-mini').catch(
      (e: unknown) => e as InstanceType<typeof OpenAI.APIError>,
    );
    assert.ok(refused instanceof OpenAI.APIError);
    assert.deepEqual([refused.status, refused.code], [502, 'upstream_error']);
    const kinds = (await ledgerOf(world.fleet, token)).map((e) => e.kind);
    assert.deepEqual(
      kinds,
      ['release', 'reservation', 'charge', 'reservation', 'grant'],
      'one charge: the fallback call',
    );
  });
});

describe('no upstream configured', () => {
  let world: AiWorld;

  before(async () => {
    world = await startAiWorld({ aiProxyEnv: () => ({}) });
  });

  after(async () => {
    await world?.stop();
  });

  it('answers 503 ai_upstream_not_configured naming AI_UPSTREAM_URL, holds nothing, and still lists the models', async () => {
    const { token, client } = await world.newUser(1);
    const res = await call(world.fleet.gatewayUrl, 'POST', '/api/v1/ai/compat/embeddings', {
      token,
      body: { model: 'svc-embed', input: 'hi' },
    });
    assert.equal(res.status, 503);
    assert.equal(res.body.detail.code, 'ai_upstream_not_configured');
    assert.equal(res.body.error.code, 'ai_upstream_not_configured');
    assert.match(res.body.error.message, /AI_UPSTREAM_URL/);
    assert.deepEqual(
      (await ledgerOf(world.fleet, token)).map((e) => e.kind),
      ['grant'],
    );
    const models = [];
    for await (const model of client.models.list()) models.push(model.id);
    assert.ok(models.includes('svc-chat'));
  });
});
