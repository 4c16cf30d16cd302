import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSseSplitter, formatEvent } from './sse.ts';
import { isUsageOnlyChunk, usageOf, withAlias } from './usage.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('server-sent events', () => {
  it('splits events across chunk boundaries and CRLF, keeping event lines', () => {
    const splitter = createSseSplitter();
    assert.deepEqual(splitter.push(bytes('data: {"a":')), []);
    const [first, comment, second] = splitter.push(bytes('1}\r\n\r\n: keep-alive\n\nevent: x\ndata: 2\n\ndata: 3'));
    assert.equal(first!.data, '{"a":1}');
    assert.equal(comment!.data, null);
    assert.equal(formatEvent(second!, '22'), 'event: x\ndata: 22\n\n');
    assert.deepEqual(
      splitter.end().map((e) => e.data),
      ['3'],
    );
  });
});

describe('usage wherever the contract puts it', () => {
  it('reads chat, responses and embeddings usage, and tells a usage-only chunk', () => {
    assert.deepEqual(usageOf({ usage: { prompt_tokens: 3, completion_tokens: 4 } }), {
      inputTokens: 3,
      outputTokens: 4,
    });
    assert.deepEqual(usageOf({ response: { usage: { input_tokens: 5, output_tokens: 6 } } }), {
      inputTokens: 5,
      outputTokens: 6,
    });
    assert.deepEqual(usageOf({ usage: { prompt_tokens: 7, total_tokens: 7 } }), { inputTokens: 7, outputTokens: 0 });
    assert.equal(usageOf({ usage: null }), null);
    assert.equal(isUsageOnlyChunk({ choices: [], usage: { prompt_tokens: 1 } }), true);
    assert.equal(isUsageOnlyChunk({ choices: [{}], usage: { prompt_tokens: 1 } }), false);
    assert.deepEqual(withAlias({ model: 'gpt-x', response: { model: 'gpt-x' } }, 'svc-chat'), {
      model: 'svc-chat',
      response: { model: 'svc-chat' },
    });
  });
});
