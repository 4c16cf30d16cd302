import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { type AiWorld, ledgerOf, priceMicro, spentByReference, startAiWorld, UPSTREAM_KEY } from './support/ai.ts';

let world: AiWorld;

before(async () => {
  world = await startAiWorld({
    aiProxyEnv: (upstream) => ({
      AI_UPSTREAM_URL: upstream.url,
      AI_UPSTREAM_API_KEY: UPSTREAM_KEY,
      AI_UPSTREAM_TIMEOUT_MS: '3000',
    }),
  });
});

afterEach(() => world.upstream.reset());

after(async () => {
  await world?.stop();
});

/** What the user's calls were charged, one amount per call (micro-credits), and the charge entries. */
async function chargesOf(token: string) {
  const ledger = await ledgerOf(world.fleet, token);
  const charges = ledger.filter((e) => e.kind === 'charge');
  const spent = spentByReference(ledger);
  return { charges, amounts: charges.map((c) => spent.get(c.reference)!), ledger };
}

describe('embeddings, images and responses through the real openai client', () => {
  it('embeds and generates images, each charged at its alias price', async () => {
    const { token, client } = await world.newUser(1);
    const embedded = await client.embeddings.create({ model: 'svc-embed', input: 'hello world' });
    assert.deepEqual(embedded.data[0]!.embedding, [0.1, -0.2, 0.3]);
    assert.equal(embedded.model, 'svc-embed');
    const image = await client.images.generate({ model: 'svc-image', prompt: 'a lighthouse' });
    assert.equal(image.data?.[0]?.b64_json, 'iVBORw0KGgo=');
    const { amounts } = await chargesOf(token);
    assert.deepEqual(amounts, [priceMicro('svc-image', 9, 1056), priceMicro('svc-embed', 5, 0)]);
  });

  it('answers responses plain and streamed (its events as they come), charged from response.usage', async () => {
    const { token, client } = await world.newUser(1);
    const plain = await client.responses.create({ model: 'svc-reason', input: 'Greet me.' });
    assert.equal(plain.output_text, world.upstream.words.join(''));
    assert.equal(plain.model, 'svc-reason');
    const stream = await client.responses.create({ model: 'svc-reason', input: 'Greet me.', stream: true });
    const deltas: string[] = [];
    let completed = false;
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') deltas.push(event.delta);
      if (event.type === 'response.completed') completed = event.response.model === 'svc-reason';
    }
    assert.equal(deltas.join(''), world.upstream.words.join(''));
    assert.ok(completed, 'the completed event, under the alias');
    const { amounts } = await chargesOf(token);
    assert.deepEqual(amounts, [priceMicro('svc-reason', 11, 6), priceMicro('svc-reason', 11, 6)]);
  });

  it('counts the tokens with a tokenizer when the upstream reports no usage, and says so', async () => {
    const { token, client } = await world.newUser(1);
    world.upstream.behave({ omitUsage: true });
    await client.chat.completions.create({ model: 'svc-chat', messages: [{ role: 'user', content: 'Say hello.' }] });
    const { charges, amounts } = await chargesOf(token);
    assert.equal(charges.length, 1);
    assert.match(charges[0]!.description, /\(estimated\)/);
    // "Hello from the fake upstream." is 6 tokens in o200k_base; the messages' JSON a dozen or so.
    const [input, output] = /(\d+) input and (\d+) output/.exec(charges[0]!.description)!.slice(1).map(Number);
    assert.equal(output, 6);
    assert.ok(input! > 5 && input! < 40, String(input));
    assert.deepEqual(amounts, [priceMicro('svc-chat', input!, output!)]);
  });
});

describe('upstream failures are clear errors and never charged', () => {
  it('an upstream 500 is 502 upstream_error, its 400 our 400, a timeout 504 upstream_timeout; the holds are released', async () => {
    const { token, client } = await world.newUser(1);
    const ask = () =>
      client.chat.completions
        .create({ model: 'svc-chat', messages: [{ role: 'user', content: 'Hi' }] })
        .then(() => assert.fail('expected an error'))
        .catch((e: unknown) => e as InstanceType<typeof OpenAI.APIError>);
    world.upstream.behave({ errorStatus: 500 });
    const failed = await ask();
    assert.ok(failed instanceof OpenAI.APIError);
    assert.deepEqual([failed.status, failed.code, failed.type], [502, 'upstream_error', 'api_error']);
    assert.ok(!failed.message.includes('fake upstream failure'), 'the upstream words stay in the log');
    world.upstream.behave({ errorStatus: 400 });
    const rejected = await ask();
    assert.deepEqual([rejected.status, rejected.code], [400, 'bad_request']);
    assert.match(rejected.message, /The AI provider refused the request: fake upstream failure 400/);
    world.upstream.behave({ hang: true });
    const timedOut = await ask();
    assert.deepEqual([timedOut.status, timedOut.code], [504, 'upstream_timeout']);
    const { charges, ledger } = await chargesOf(token);
    assert.equal(charges.length, 0);
    assert.deepEqual(
      ledger.map((e) => e.kind),
      ['release', 'reservation', 'release', 'reservation', 'release', 'reservation', 'grant'],
    );
    assert.equal(ledger[0]!.available_delta_credits, -ledger[1]!.available_delta_credits);
  });
});
