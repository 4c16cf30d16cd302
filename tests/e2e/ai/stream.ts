// Streamed chat completions through the real `openai` client: chunks relayed as the upstream sends
// them, the usage chunk only to a client that asked for it, the reported usage charged; and a
// client that goes away, whose upstream request is aborted and charged for what was produced.
import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eventually } from '@tp/testing';
import { chargesIn, type LedgerEntry, ledgerOf, ledgerSince, priceMicro } from '../support/ai.ts';
import type { AiContext } from '../support/fast.ts';
import { SETTLED_WITHIN_MS } from '../support/http.ts';

let ctx: AiContext;
const messages = [{ role: 'user' as const, content: 'Stream a greeting.' }];

/** Registers the streaming tests against the world of the entry file (tests/e2e/ai.test.ts). */
export function streamTests(context: AiContext): void {
  ctx = context;
  describe('streamed chat completions', { concurrency: false }, () => {
    afterEach(() => ctx.world.upstream.reset());
    it('are relayed as they come, before the upstream has finished, and charged the reported usage', relayed);
    it('pass the usage chunk to a client that asked for it', usageAsked);
    it('abort the upstream request when the client goes away, and charge what was produced', aborted);
  });
}

const ledger = () => ledgerOf(ctx.world.fleet, ctx.relayUser.token);
/** The one call's charge among the entries written since `before`: what it took, in micro-credits. */
async function chargeSince(before: LedgerEntry[]): Promise<{ spent: number; description: string }> {
  const { charges, amounts } = chargesIn(await ledgerSince(ctx.world.fleet, ctx.relayUser.token, before));
  assert.equal(charges.length, 1, 'one charge entry');
  return { spent: amounts[0]!, description: charges[0]!.description };
}

/** A streamed chat completion whose upstream holds back all but the first chunk until `release` settles. */
function streamHeldUntil(release: Promise<void>) {
  ctx.world.upstream.behave({ holdAfterFirstChunk: release });
  return ctx.relayUser.client.chat.completions.create({ model: 'svc-chat', messages, stream: true });
}

async function relayed() {
  const { upstream } = ctx.world;
  const before = await ledger();
  const gate = Promise.withResolvers<void>();
  const stream = await streamHeldUntil(gate.promise);
  const texts: string[] = [];
  let usageChunks = 0;
  for await (const chunk of stream) {
    if (texts.length === 0) gate.resolve(); // the upstream holds the rest until the client saw this one
    if (chunk.choices.length === 0) usageChunks++;
    texts.push(chunk.choices[0]?.delta.content ?? '');
    assert.equal(chunk.model, 'svc-chat');
  }
  assert.equal(texts.join(''), upstream.words.join(''));
  assert.equal(usageChunks, 0, 'the usage chunk is not passed to a client that did not ask for it');
  assert.deepEqual(upstream.requests.at(-1)!.body.stream_options, { include_usage: true }, 'the upstream is asked');
  const { prompt_tokens, completion_tokens } = upstream.chatUsage;
  const charged = await chargeSince(before);
  assert.equal(charged.spent, priceMicro('svc-chat', prompt_tokens, completion_tokens));
  assert.match(charged.description, /\(reported\)/);
}

async function usageAsked() {
  const before = await ledger();
  const stream = await ctx.relayUser.client.chat.completions.create({
    model: 'svc-chat',
    messages,
    stream: true,
    stream_options: { include_usage: true },
  });
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  assert.deepEqual(chunks.at(-1)!.choices, []);
  const { prompt_tokens, completion_tokens } = ctx.world.upstream.chatUsage;
  assert.equal(chunks.at(-1)!.usage?.completion_tokens, completion_tokens);
  assert.equal((await chargeSince(before)).spent, priceMicro('svc-chat', prompt_tokens, completion_tokens));
}

async function aborted() {
  const { upstream } = ctx.world;
  const before = await ledger();
  const never = Promise.withResolvers<void>();
  const stream = await streamHeldUntil(never.promise);
  for await (const chunk of stream) {
    assert.equal(chunk.choices[0]?.delta.content, upstream.words[0]);
    stream.controller.abort();
  }
  await upstream.streamAborted(); // the fake saw its connection close
  const { fleet } = ctx.world;
  const settled = async () =>
    chargesIn(await ledgerSince(fleet, ctx.relayUser.token, before)).charges.length > 0 ? true : undefined;
  await eventually('the charge of the aborted stream', settled, SETTLED_WITHIN_MS);
  const charged = await chargeSince(before);
  assert.match(charged.description, /\(estimated\)/);
  assert.ok(charged.spent > 0 && charged.spent < priceMicro('svc-chat', 1_000, 4_096), String(charged.spent));
  never.resolve();
}
