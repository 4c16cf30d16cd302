// Calls relayed to the upstream through the real `openai` client: a chat completion charged tokens
// × price once, the user's token and the upstream kept apart; 402 without credits and no upstream
// call; embeddings, images and responses (plain and streamed) at their alias prices; usage counted
// when the upstream reports none; upstream failures (500, 400, a timeout) never charged; a primary
// that fails served by the alias's fallback; a retried Idempotency-Key never charged twice.
import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { chargesIn, FALLBACK_KEY, ledgerOf, ledgerSince, priceMicro, UPSTREAM_KEY } from '../support/ai.ts';
import type { AiContext } from '../support/fast.ts';
import { call } from '../support/http.ts';

let ctx: AiContext;
const hi = [{ role: 'user' as const, content: 'Hi' }];

/** Registers the relayed calls' tests against the world of the entry file (tests/e2e/ai.test.ts). */
export function relayTests(context: AiContext): void {
  ctx = context;
  describe('calls relayed to the upstream', { concurrency: false }, () => {
    afterEach(() => {
      ctx.world.upstream.reset();
      ctx.world.fallback.reset();
    });
    it('a chat completion is charged tokens × price once; the token and the upstream stay apart', chat);
    it('without credits it is 402 insufficient_credits in both error shapes, the upstream not called', broke);
    it('embeddings, images and responses (plain and streamed) are charged at their alias prices', endpoints);
    it('without usage from the upstream, the tokens are counted and the charge says estimated', estimated);
    it('an upstream 500 is 502, its 400 our 400, a timeout 504; the holds released', failures);
    it('a primary that fails is replaced by the alias’s fallback, with its key and model', fallback);
    it('a retry with the same Idempotency-Key is 409, never charged twice', idempotent);
    it('the catalog’s aliases are listed as models', models);
  });
}

/** Runs `calls` as the relay user; answers the ledger entries they wrote, newest first. */
async function entriesOf(calls: () => Promise<void>) {
  const { fleet } = ctx.world;
  const before = await ledgerOf(fleet, ctx.relayUser.token);
  await calls();
  return ledgerSince(fleet, ctx.relayUser.token, before);
}

async function chat() {
  const { upstream } = ctx.world;
  const { token, client } = ctx.relayUser;
  const seenBefore = upstream.requests.length;
  let answer!: OpenAI.Chat.Completions.ChatCompletion;
  const entries = await entriesOf(async () => {
    answer = await client.chat.completions.create({ model: 'svc-chat', messages: hi, max_tokens: 100 });
  });
  assert.equal(answer.choices[0]!.message.content, upstream.words.join(''));
  assert.equal(answer.model, 'svc-chat', 'the user sees the alias, not the upstream model id');
  assert.deepEqual(answer.usage, { ...upstream.chatUsage, total_tokens: 23 });
  const sent = upstream.requests.slice(seenBefore);
  assert.equal(sent.length, 1);
  assert.equal(sent[0]!.body.model, 'fake-gpt', 'AI_MODEL_ROUTES picks the upstream model id');
  assert.equal(sent[0]!.headers.authorization, `Bearer ${UPSTREAM_KEY}`);
  assert.ok(!JSON.stringify(sent[0]).includes(token), "the user's token never reaches the upstream");

  // The hold and its charge entry reference the call; together they take exactly the price.
  assert.deepEqual(
    entries.map((e) => e.kind),
    ['charge', 'reservation'],
  );
  const { charges, amounts } = chargesIn(entries);
  const { prompt_tokens, completion_tokens } = upstream.chatUsage;
  assert.deepEqual(amounts, [priceMicro('svc-chat', prompt_tokens, completion_tokens)]);
  assert.match(charges[0]!.reference, /^aic_/);
  assert.match(charges[0]!.description, /17 input and 6 output tokens \(reported\)/);

  const raw = await call(ctx.world.fleet.gatewayUrl, 'POST', '/api/v1/ai/compat/chat/completions', {
    token,
    body: { model: 'svc-chat', messages: hi },
  });
  assert.equal(raw.status, 200, raw.text);
  const port = new URL(upstream.url).port;
  for (const secret of [UPSTREAM_KEY, `127.0.0.1:${port}`, 'fake-gpt'])
    assert.ok(!raw.text.includes(secret) && !JSON.stringify([...raw.headers]).includes(secret), secret);
}

async function broke() {
  const { fleet, upstream } = ctx.world;
  const { token, client } = ctx.broke;
  const seenBefore = upstream.requests.length;
  const err = await client.chat.completions
    .create({ model: 'svc-chat', messages: hi })
    .then(() => assert.fail('expected a 402'))
    .catch((e: unknown) => e);
  assert.ok(err instanceof OpenAI.APIError, String(err));
  assert.deepEqual([err.status, err.code, err.type], [402, 'insufficient_credits', 'insufficient_quota']);
  const raw = await call(fleet.gatewayUrl, 'POST', '/api/v1/ai/compat/chat/completions', {
    token,
    body: { model: 'svc-chat', messages: hi },
  });
  assert.equal(raw.status, 402);
  assert.equal(raw.body.detail.code, 'insufficient_credits');
  assert.equal(raw.body.error.code, 'insufficient_credits');
  assert.equal(upstream.requests.length, seenBefore, 'no upstream call');
}

async function endpoints() {
  const { upstream } = ctx.world;
  const { client } = ctx.relayUser;
  const deltas: string[] = [];
  let completed = false;
  const entries = await entriesOf(async () => {
    const embedded = await client.embeddings.create({ model: 'svc-embed', input: 'hello world' });
    assert.deepEqual(embedded.data[0]!.embedding, [0.1, -0.2, 0.3]);
    assert.equal(embedded.model, 'svc-embed');
    const image = await client.images.generate({ model: 'svc-image', prompt: 'a lighthouse' });
    assert.equal(image.data?.[0]?.b64_json, 'iVBORw0KGgo=');
    const plain = await client.responses.create({ model: 'svc-reason', input: 'Greet me.' });
    assert.equal(plain.output_text, upstream.words.join(''));
    assert.equal(plain.model, 'svc-reason');
    const stream = await client.responses.create({ model: 'svc-reason', input: 'Greet me.', stream: true });
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') deltas.push(event.delta);
      if (event.type === 'response.completed') completed = event.response.model === 'svc-reason';
    }
  });
  assert.equal(deltas.join(''), upstream.words.join(''), 'the streamed events as they come');
  assert.ok(completed, 'the completed event, under the alias');
  const reason = priceMicro('svc-reason', 11, 6);
  assert.deepEqual(chargesIn(entries).amounts, [
    reason,
    reason,
    priceMicro('svc-image', 9, 1056),
    priceMicro('svc-embed', 5, 0),
  ]);
}

async function estimated() {
  ctx.world.upstream.behave({ omitUsage: true });
  const entries = await entriesOf(async () => {
    await ctx.relayUser.client.chat.completions.create({ model: 'svc-chat', messages: hi });
  });
  const { charges, amounts } = chargesIn(entries);
  assert.equal(charges.length, 1);
  assert.match(charges[0]!.description, /\(estimated\)/);
  // "Hello from the fake upstream." is 6 tokens in o200k_base; the messages' JSON a dozen or so.
  const [input, output] = /(\d+) input and (\d+) output/.exec(charges[0]!.description)!.slice(1).map(Number);
  assert.equal(output, 6);
  assert.ok(input! > 5 && input! < 40, String(input));
  assert.deepEqual(amounts, [priceMicro('svc-chat', input!, output!)]);
}

/** A chat completion as the relay user that must fail: its error. */
const failing = (model = 'svc-chat') =>
  ctx.relayUser.client.chat.completions
    .create({ model, messages: hi })
    .then(() => assert.fail('expected an error'))
    .catch((e: unknown) => e as InstanceType<typeof OpenAI.APIError>);

async function failures() {
  const { upstream } = ctx.world;
  let failed!: InstanceType<typeof OpenAI.APIError>;
  let rejected!: InstanceType<typeof OpenAI.APIError>;
  let timedOut!: InstanceType<typeof OpenAI.APIError>;
  const entries = await entriesOf(async () => {
    upstream.behave({ errorStatus: 500 });
    failed = await failing();
    upstream.behave({ errorStatus: 400 });
    rejected = await failing();
    upstream.behave({ hang: true });
    timedOut = await failing();
  });
  assert.ok(failed instanceof OpenAI.APIError);
  assert.deepEqual([failed.status, failed.code, failed.type], [502, 'upstream_error', 'api_error']);
  assert.ok(!failed.message.includes('fake upstream failure'), 'the upstream words stay in the log');
  assert.deepEqual([rejected.status, rejected.code], [400, 'bad_request']);
  assert.match(rejected.message, /The AI provider refused the request: fake upstream failure 400/);
  assert.deepEqual([timedOut.status, timedOut.code], [504, 'upstream_timeout']);
  assert.deepEqual(
    entries.map((e) => e.kind),
    ['release', 'reservation', 'release', 'reservation', 'release', 'reservation'],
  );
  assert.equal(entries[0]!.available_delta_credits, -entries[1]!.available_delta_credits);
}

async function fallback() {
  const { upstream, fallback } = ctx.world;
  upstream.behave({ errorStatus: 503 });
  let answer!: OpenAI.Chat.Completions.ChatCompletion;
  const entries = await entriesOf(async () => {
    answer = await ctx.relayUser.client.chat.completions.create({ model: 'svc-chat-mini', messages: hi });
  });
  assert.equal(answer.choices[0]!.message.content, fallback.words.join(''));
  assert.equal(upstream.requests.at(-1)!.body.model, 'primary-model', 'the primary was asked first');
  const sent = fallback.requests.at(-1)!;
  assert.equal(sent.body.model, 'fallback-model');
  assert.equal(sent.headers.authorization, `Bearer ${FALLBACK_KEY}`);
  assert.deepEqual(
    entries.map((e) => e.kind),
    ['charge', 'reservation'],
    'one charge: the fallback call',
  );
}

async function idempotent() {
  const { fleet, upstream } = ctx.world;
  const send = () =>
    call(fleet.gatewayUrl, 'POST', '/api/v1/ai/compat/chat/completions', {
      token: ctx.relayUser.token,
      headers: { 'idempotency-key': 'retry-me-1' },
      body: { model: 'svc-chat', messages: hi },
    });
  const seenBefore = upstream.requests.length;
  let again!: Awaited<ReturnType<typeof send>>;
  const entries = await entriesOf(async () => {
    assert.equal((await send()).status, 200);
    again = await send();
  });
  assert.equal(again.status, 409, again.text);
  assert.equal(again.body.error.code, 'conflict');
  assert.equal(upstream.requests.length, seenBefore + 1);
  assert.equal(chargesIn(entries).charges.length, 1);
}

async function models() {
  const ids = [];
  for await (const model of ctx.broke.client.models.list()) ids.push(model.id);
  assert.deepEqual(ids, ['svc-chat', 'svc-chat-mini', 'svc-reason', 'svc-embed', 'svc-image', 'svc-fast']);
}
