import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eventually } from '@tp/testing';
import { type AiWorld, ledgerOf, priceMicro, spentByReference, startAiWorld } from './support/ai.ts';
import { SETTLED_WITHIN_MS } from './support/http.ts';

let world: AiWorld;

before(async () => {
  world = await startAiWorld();
});

afterEach(() => world.upstream.reset());

after(async () => {
  await world?.stop();
});

const messages = [{ role: 'user' as const, content: 'Stream a greeting.' }];

/** The one call's charge of a user who made one call: what its entries took, in micro-credits. */
async function chargedMicro(token: string): Promise<{ spent: number; description: string }> {
  const ledger = await ledgerOf(world.fleet, token);
  const charge = ledger.find((e) => e.kind === 'charge');
  assert.ok(charge, 'a charge entry');
  return { spent: spentByReference(ledger).get(charge.reference)!, description: charge.description };
}

describe('streamed chat completions', () => {
  it('relays chunks as they come, before the upstream has finished, and charges the reported usage', async () => {
    const { token, client } = await world.newUser(1);
    const gate = Promise.withResolvers<void>();
    world.upstream.behave({ holdAfterFirstChunk: gate.promise });
    const stream = await client.chat.completions.create({ model: 'svc-chat', messages, stream: true });
    const texts: string[] = [];
    let usageChunks = 0;
    for await (const chunk of stream) {
      if (texts.length === 0) gate.resolve(); // the upstream holds the rest until the client saw this one
      if (chunk.choices.length === 0) usageChunks++;
      texts.push(chunk.choices[0]?.delta.content ?? '');
      assert.equal(chunk.model, 'svc-chat');
    }
    assert.equal(texts.join(''), world.upstream.words.join(''));
    assert.equal(usageChunks, 0, 'the usage chunk is not passed to a client that did not ask for it');
    const sent = world.upstream.requests.at(-1)!;
    assert.deepEqual(sent.body.stream_options, { include_usage: true }, 'the upstream is asked for usage');
    const { prompt_tokens, completion_tokens } = world.upstream.chatUsage;
    assert.equal((await chargedMicro(token)).spent, priceMicro('svc-chat', prompt_tokens, completion_tokens));
  });

  it('passes the usage chunk to a client that asked, and reads usage from a last chunk with choices', async () => {
    const asked = await world.newUser(1);
    const stream = await asked.client.chat.completions.create({
      model: 'svc-chat',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    assert.deepEqual(chunks.at(-1)!.choices, []);
    assert.equal(chunks.at(-1)!.usage?.completion_tokens, world.upstream.chatUsage.completion_tokens);

    world.upstream.behave({ usageInLastChunk: true });
    const last = await world.newUser(1);
    for await (const _ of await last.client.chat.completions.create({ model: 'svc-chat', messages, stream: true }));
    const { prompt_tokens, completion_tokens } = world.upstream.chatUsage;
    const charged = await chargedMicro(last.token);
    assert.equal(charged.spent, priceMicro('svc-chat', prompt_tokens, completion_tokens));
    assert.match(charged.description, /\(reported\)/);
  });

  it('aborts the upstream request when the client goes away, and charges what was produced', async () => {
    const { token, client } = await world.newUser(1);
    const never = Promise.withResolvers<void>();
    world.upstream.behave({ holdAfterFirstChunk: never.promise });
    const stream = await client.chat.completions.create({ model: 'svc-chat', messages, stream: true });
    for await (const chunk of stream) {
      assert.equal(chunk.choices[0]?.delta.content, world.upstream.words[0]);
      stream.controller.abort();
    }
    await world.upstream.streamAborted(); // the fake saw its connection close
    const settled = async () =>
      (await ledgerOf(world.fleet, token)).some((e) => e.kind === 'charge') ? true : undefined;
    await eventually('the charge of the aborted stream', settled, SETTLED_WITHIN_MS);
    const charged = await chargedMicro(token);
    assert.match(charged.description, /\(estimated\)/);
    assert.ok(charged.spent > 0 && charged.spent < priceMicro('svc-chat', 1_000, 4_096), String(charged.spent));
    never.resolve();
  });
});
