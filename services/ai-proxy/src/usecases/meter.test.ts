import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IMAGE_TOKENS_PER_IMAGE, prepareRequest } from '../domain/operations.ts';
import { createMeter } from './meter.ts';

const prepare = (operation: Parameters<typeof prepareRequest>[0], body: unknown) =>
  prepareRequest(operation, Buffer.from(JSON.stringify(body)), { defaultMaxOutputTokens: 100 });
/** One token per character: the counts are easy to read. */
const countChars = (text: string) => text.length;

describe('the meter', () => {
  it('charges the usage the upstream reports, the last one seen', () => {
    const meter = createMeter(prepare('chat.completions', { model: 'svc-chat', messages: [] }), countChars);
    assert.equal(meter.empty, true);
    meter.see({ choices: [{ delta: { content: 'Hi' } }], usage: { prompt_tokens: 1, completion_tokens: 1 } });
    meter.see({ choices: [], usage: { prompt_tokens: 17, completion_tokens: 6 } });
    meter.see({ choices: [{ delta: { content: '!' } }] });
    assert.equal(meter.empty, false);
    assert.deepEqual(meter.result(), { inputTokens: 17, outputTokens: 6, estimated: false });
  });

  it('counts the tokens itself when no usage comes: the request’s input and the text produced', () => {
    const messages = [{ role: 'user', content: 'Hello' }];
    const meter = createMeter(prepare('chat.completions', { model: 'svc-chat', messages }), countChars);
    meter.see({ choices: [{ delta: { content: 'Hello' } }] });
    meter.see({ choices: [{ delta: { content: ' there' } }] });
    assert.deepEqual(meter.result(), {
      inputTokens: JSON.stringify(messages).length,
      outputTokens: 'Hello there'.length,
      estimated: true,
    });
  });

  it('counts input, then prompt, then nothing, and images by their number', () => {
    const embed = createMeter(prepare('embeddings', { model: 'svc-embed', input: 'abc' }), countChars);
    assert.equal(embed.result().inputTokens, JSON.stringify('abc').length);
    const image = createMeter(prepare('images.generations', { model: 'svc-image', prompt: 'a cat' }), countChars);
    image.see({ data: [{ b64_json: 'x' }, { b64_json: 'y' }] });
    assert.deepEqual(image.result(), {
      inputTokens: JSON.stringify('a cat').length,
      outputTokens: 2 * IMAGE_TOKENS_PER_IMAGE,
      estimated: true,
    });
    const bare = createMeter(prepare('responses', { model: 'svc-reason' }), countChars);
    bare.see({ data: [{}] });
    assert.deepEqual(bare.result(), { inputTokens: 2, outputTokens: 0, estimated: true });
  });
});
