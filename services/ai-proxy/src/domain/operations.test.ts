import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bodyFor, IMAGE_TOKENS_PER_IMAGE, prepareRequest } from './operations.ts';

const prepare = (operation: Parameters<typeof prepareRequest>[0], body: unknown) =>
  prepareRequest(operation, Buffer.from(JSON.stringify(body)), { defaultMaxOutputTokens: 4096 });

describe('what a relayed request holds and sends', () => {
  it('bounds input by the body size and output by max_tokens, the default cap, n images or nothing', () => {
    const chat = prepare('chat.completions', { model: 'svc-chat', messages: [], max_tokens: 50 });
    assert.equal(chat.maxInputTokens, JSON.stringify({ model: 'svc-chat', messages: [], max_tokens: 50 }).length);
    assert.equal(chat.maxOutputTokens, 50);
    assert.equal(prepare('chat.completions', { model: 'svc-chat' }).maxOutputTokens, 4096);
    assert.equal(prepare('responses', { model: 'svc-reason', max_output_tokens: 7 }).maxOutputTokens, 7);
    assert.equal(prepare('embeddings', { model: 'svc-embed', input: 'x' }).maxOutputTokens, 0);
    assert.equal(
      prepare('images.generations', { model: 'svc-image', n: 3 }).maxOutputTokens,
      3 * IMAGE_TOKENS_PER_IMAGE,
    );
  });

  it('refuses an alias of another kind, an unknown model and a body that is not an object', () => {
    assert.throws(() => prepare('embeddings', { model: 'svc-chat' }), /model must be one of svc-embed/);
    assert.throws(() => prepare('chat.completions', { model: 'gpt-4o' }), /model must be one of/);
    assert.throws(() => prepare('chat.completions', [1]), /JSON object/);
  });

  it('sends the upstream model id and asks a streamed chat for its usage, keeping the other fields', () => {
    const request = prepare('chat.completions', {
      model: 'svc-chat',
      stream: true,
      stream_options: { x: 1 },
      temperature: 0.2,
    });
    assert.equal(request.clientWantsUsage, false);
    assert.deepEqual(JSON.parse(bodyFor(request, 'gpt-4o')), {
      model: 'gpt-4o',
      stream: true,
      stream_options: { x: 1, include_usage: true },
      temperature: 0.2,
    });
    const plain = prepare('embeddings', { model: 'svc-embed', input: 'x' });
    assert.deepEqual(JSON.parse(bodyFor(plain, 'e3')), { model: 'e3', input: 'x' });
  });
});
