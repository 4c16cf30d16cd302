import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { type AiWorld, deltaMicro, ledgerOf, priceMicro, startAiWorld, UPSTREAM_KEY } from './support/ai.ts';
import { call } from './support/http.ts';

let world: AiWorld;

before(async () => {
  world = await startAiWorld();
});

after(async () => {
  await world?.stop();
});

describe('chat completions through the real openai client', () => {
  it('answers, charges tokens × price to the micro-credit once, and keeps tokens and upstream apart', async () => {
    const { token, client } = await world.newUser(1);
    const seenBefore = world.upstream.requests.length;
    const answer = await client.chat.completions.create({
      model: 'svc-chat',
      messages: [{ role: 'user', content: 'Say hello.' }],
      max_tokens: 100,
    });
    assert.equal(answer.choices[0]!.message.content, world.upstream.words.join(''));
    assert.equal(answer.model, 'svc-chat', 'the user sees the alias, not the upstream model id');
    assert.deepEqual(answer.usage, { ...world.upstream.chatUsage, total_tokens: 23 });

    const sent = world.upstream.requests.slice(seenBefore);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.body.model, 'fake-gpt', 'AI_MODEL_ROUTES picks the upstream model id');
    assert.equal(sent[0]!.headers.authorization, `Bearer ${UPSTREAM_KEY}`);
    assert.ok(!JSON.stringify(sent[0]).includes(token), "the user's token never reaches the upstream");

    const ledger = await ledgerOf(world.fleet, token);
    const charges = ledger.filter((e) => e.kind === 'charge');
    assert.equal(charges.length, 1);
    const { prompt_tokens, completion_tokens } = world.upstream.chatUsage;
    // The hold and its charge entry reference the call; together they take exactly the price.
    const ofCall = ledger.filter((e) => e.reference === charges[0]!.reference);
    assert.deepEqual(
      ofCall.map((e) => e.kind),
      ['charge', 'reservation'],
    );
    const spent = -ofCall.reduce((sum, e) => sum + deltaMicro(e), 0);
    assert.equal(spent, priceMicro('svc-chat', prompt_tokens, completion_tokens));
    assert.match(charges[0]!.reference, /^aic_/);
    assert.match(charges[0]!.description, /17 input and 6 output tokens \(reported\)/);
  });

  it('is 402 insufficient_credits without calling the upstream, in both error shapes', async () => {
    const { token, client } = await world.newUser(0);
    const seenBefore = world.upstream.requests.length;
    const err = await client.chat.completions
      .create({ model: 'svc-chat', messages: [{ role: 'user', content: 'Hi' }] })
      .then(() => assert.fail('expected a 402'))
      .catch((e: unknown) => e);
    assert.ok(err instanceof OpenAI.APIError, String(err));
    assert.equal(err.status, 402);
    assert.equal(err.code, 'insufficient_credits');
    assert.equal(err.type, 'insufficient_quota');
    const raw = await call(world.fleet.gatewayUrl, 'POST', '/api/v1/ai/compat/chat/completions', {
      token,
      body: { model: 'svc-chat', messages: [{ role: 'user', content: 'Hi' }] },
    });
    assert.equal(raw.status, 402);
    assert.equal(raw.body.detail.code, 'insufficient_credits');
    assert.equal(raw.body.error.code, 'insufficient_credits');
    assert.equal(world.upstream.requests.length, seenBefore, 'no upstream call');
  });

  it('answers every error body with the contract shape beside detail, and never shows the upstream', async () => {
    const { token } = await world.newUser(1);
    const unknownModel = await call(world.fleet.gatewayUrl, 'POST', '/api/v1/ai/compat/chat/completions', {
      token,
      body: { model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] },
    });
    assert.equal(unknownModel.status, 422);
    assert.equal(unknownModel.body.error.code, 'validation_error');
    assert.equal(unknownModel.body.error.param, 'model');
    assert.ok(Array.isArray(unknownModel.body.detail));
    const noToken = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/ai/compat/models');
    assert.equal(noToken.status, 401);
    assert.deepEqual(Object.keys(noToken.body.error).sort(), ['code', 'message', 'param', 'type']);
    assert.equal(noToken.body.detail.code, 'invalid_api_key');
    const answer = await call(world.fleet.gatewayUrl, 'POST', '/api/v1/ai/compat/chat/completions', {
      token,
      body: { model: 'svc-chat', messages: [{ role: 'user', content: 'Hi' }] },
    });
    assert.equal(answer.status, 200, answer.text);
    const port = new URL(world.upstream.url).port;
    for (const secret of [UPSTREAM_KEY, `127.0.0.1:${port}`, 'fake-gpt'])
      assert.ok(!answer.text.includes(secret) && !JSON.stringify([...answer.headers]).includes(secret), secret);
  });
});

describe('compat retries and models', () => {
  it('never charges twice for one completion: a retry with the same Idempotency-Key is 409, the upstream not called', async () => {
    const { token } = await world.newUser(1);
    const send = () =>
      call(world.fleet.gatewayUrl, 'POST', '/api/v1/ai/compat/chat/completions', {
        token,
        headers: { 'idempotency-key': 'retry-me-1' },
        body: { model: 'svc-chat', messages: [{ role: 'user', content: 'Hi' }] },
      });
    const seenBefore = world.upstream.requests.length;
    assert.equal((await send()).status, 200);
    const again = await send();
    assert.equal(again.status, 409, again.text);
    assert.equal(again.body.error.code, 'conflict');
    assert.equal(world.upstream.requests.length, seenBefore + 1);
    const ledger = await ledgerOf(world.fleet, token);
    assert.equal(ledger.filter((e) => e.kind === 'charge').length, 1);
  });

  it('/openapi.json lists every managed-AI operation with x-required-scope ai:use', async () => {
    const doc = (await call(world.fleet.gatewayUrl, 'GET', '/openapi.json')).body;
    const compat = Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)
      .filter(([path]) => path.startsWith('/api/v1/ai/compat/'))
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => [`${method} ${path}`, op['x-required-scope']]),
      );
    assert.deepEqual(Object.fromEntries(compat), {
      'post /api/v1/ai/compat/audio/transcriptions': 'ai:use',
      'post /api/v1/ai/compat/chat/completions': 'ai:use',
      'post /api/v1/ai/compat/responses': 'ai:use',
      'post /api/v1/ai/compat/embeddings': 'ai:use',
      'post /api/v1/ai/compat/images/generations': 'ai:use',
      'get /api/v1/ai/compat/models': 'ai:use',
    });
  });

  it('refuses a token without ai:use (403), a body that is not JSON (422) and one over 4 MiB (413), in both shapes', async () => {
    const { token } = await world.newUser(0);
    const email = 'ai-no-scope@example.com';
    assert.equal((await world.fleet.tsctl('users', 'create', '--email', email)).code, 0);
    const readOnly = (
      await world.fleet.tsctl('tokens', 'create', '--email', email, '--scopes', 'billing:read')
    ).stdout.trim();
    const path = '/api/v1/ai/compat/chat/completions';
    const body = { model: 'svc-chat', messages: [{ role: 'user', content: 'Hi' }] };
    const refused = await call(world.fleet.gatewayUrl, 'POST', path, { token: readOnly, body });
    assert.equal(refused.status, 403);
    assert.deepEqual([refused.body.error.code, refused.body.error.type], ['insufficient_scope', 'permission_error']);
    assert.equal(refused.body.detail.code, 'insufficient_scope');
    const notJson = await call(world.fleet.gatewayUrl, 'POST', path, { token, rawBody: '{"model":' });
    assert.equal(notJson.status, 422);
    assert.equal(notJson.body.error.code, 'validation_error');
    const huge = 'x'.repeat(5 * 1024 * 1024);
    const tooLarge = await call(world.fleet.gatewayUrl, 'POST', path, {
      token,
      body: { ...body, messages: [{ role: 'user', content: huge }] },
    });
    assert.equal(tooLarge.status, 413);
    assert.deepEqual([tooLarge.body.error.code, tooLarge.body.detail.code], ['payload_too_large', 'payload_too_large']);
  });

  it('lists the aliases of the catalog as models', async () => {
    const { client } = await world.newUser(0);
    const ids = [];
    for await (const model of client.models.list()) ids.push(model.id);
    assert.deepEqual(ids, ['svc-chat', 'svc-chat-mini', 'svc-reason', 'svc-embed', 'svc-image', 'svc-fast']);
  });
});
