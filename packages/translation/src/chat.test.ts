import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { eventually, type FakeOpenAi, startFakeOpenAi } from '@tp/testing';
import { createChatTranslator } from './chat.ts';
import { parseChatTranslations } from './chat-answer.ts';

let upstream: FakeOpenAi;
before(async () => {
  upstream = await startFakeOpenAi();
});
after(async () => {
  await upstream?.stop();
});
beforeEach(() => {
  upstream.reset();
  upstream.requests.length = 0;
});

const signal = new AbortController().signal;
const translator = (timeoutMs?: number) =>
  createChatTranslator({ baseUrl: `${upstream.url}/`, apiKey: 'sk-test', model: 'gpt-test', timeoutMs });

/** The texts a chat request asked to translate. */
function askedTexts(body: Record<string, unknown>): string[] {
  const messages = body.messages as { role: string; content: string }[];
  return (JSON.parse(messages.at(-1)!.content) as { texts: string[] }).texts;
}

/** A model that "translates" by tagging each text, as a JSON object. */
const tagging = (body: Record<string, unknown>) =>
  JSON.stringify({ translations: askedTexts(body).map((text) => `[es] ${text}`) });

describe('chat translator', () => {
  it('asks the chat completions endpoint in batches of 50, keeping the order', async () => {
    upstream.behave({ chatContent: tagging });
    const texts = Array.from({ length: 120 }, (_, i) => `Text ${i}`);
    texts[7] = '';
    const outputs = await translator().translate(texts, { from: 'en', to: 'es', signal });
    assert.equal(outputs.length, 120);
    assert.deepEqual(
      outputs,
      texts.map((text) => (text ? `[es] ${text}` : '')),
    );
    assert.deepEqual(
      upstream.requests.map((r) => askedTexts(r.body).length),
      [50, 50, 19],
    );
    const [first] = upstream.requests;
    assert.equal(first!.path, '/v1/chat/completions');
    assert.equal(first!.headers.authorization, 'Bearer sk-test');
    assert.equal(first!.body.model, 'gpt-test');
    assert.deepEqual(first!.body.response_format, { type: 'json_object' });
    const system = (first!.body.messages as { role: string; content: string }[])[0]!;
    assert.equal(system.role, 'system');
    assert.match(system.content, /from English \(en\) to Spanish \(es\)/);
    assert.match(system.content, /JSON/);
  });

  it('sends nothing for empty texts and offers pairs of common languages', async () => {
    const chat = translator();
    assert.deepEqual(await chat.translate(['', '  '], { from: 'en', to: 'es', signal }), ['', '']);
    assert.equal(upstream.requests.length, 0);
    assert.equal(chat.kind, 'chat');
    assert.ok(chat.pairs().some((p) => p.from === 'en' && p.to === 'es'));
    assert.ok(!chat.pairs().some((p) => p.from === p.to));
  });
});

describe('chat translator: wrong answers and failures', () => {
  it('tries a batch with a wrong count once more, and succeeds', async () => {
    let calls = 0;
    upstream.behave({
      chatContent: (body) => {
        calls += 1;
        const texts = askedTexts(body);
        return JSON.stringify({ translations: calls === 1 ? texts.slice(1) : texts.map((t) => t.toUpperCase()) });
      },
    });
    assert.deepEqual(await translator().translate(['a', 'b'], { from: 'en', to: 'es', signal }), ['A', 'B']);
    assert.equal(upstream.requests.length, 2);
  });

  it('fails with a stable message after two bad answers, keeping the answer for the logs', async () => {
    upstream.behave({ chatContent: () => 'Sorry, I cannot do that.' });
    await assert.rejects(translator().translate(['a'], { from: 'en', to: 'es', signal }), (error: Error) => {
      assert.equal(error.name, 'TranslationError');
      assert.equal(error.message, 'the translation service gave a bad answer');
      assert.match((error as Error & { output: string }).output, /Sorry, I cannot do that/);
      return true;
    });
    assert.equal(upstream.requests.length, 2);
  });

  it('reports an upstream failure by its status, retrying a server error once', async () => {
    upstream.behave({ errorStatus: 503 });
    await assert.rejects(translator().translate(['a'], { from: 'en', to: 'es', signal }), {
      name: 'TranslationError',
      message: 'the translation service refused (HTTP 503)',
    });
    assert.equal(upstream.requests.length, 2);
    upstream.requests.length = 0;
    upstream.behave({ errorStatus: 401 });
    await assert.rejects(translator().translate(['a'], { from: 'en', to: 'es', signal }), /HTTP 401/);
    assert.equal(upstream.requests.length, 1, 'a refusal is not retried');
  });

  it('gives up on an upstream that does not answer in time', async () => {
    upstream.behave({ hang: true });
    await assert.rejects(translator(200).translate(['a'], { from: 'en', to: 'es', signal }), {
      name: 'TranslationError',
      message: 'the translation service did not answer in time',
    });
  });

  it('rejects with the signal’s reason when aborted', async () => {
    upstream.behave({ hang: true });
    const controller = new AbortController();
    const running = translator().translate(['a'], { from: 'en', to: 'es', signal: controller.signal });
    await eventually('the request reached the upstream', async () => upstream.requests.length > 0);
    controller.abort(new Error('job cancelled'));
    await assert.rejects(running, /job cancelled/);
  });
});

describe('parseChatTranslations', () => {
  const answer = (content: string) => JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] });

  it('reads an object of translations, a bare array, a lone array under another key, or fenced JSON', () => {
    assert.deepEqual(parseChatTranslations(answer('{"translations":["a","b"]}'), 2), ['a', 'b']);
    assert.deepEqual(parseChatTranslations(answer('["a","b"]'), 2), ['a', 'b']);
    assert.deepEqual(parseChatTranslations(answer('{"result":["a"]}'), 1), ['a']);
    assert.deepEqual(parseChatTranslations(answer('```json\n{"translations":["a"]}\n```'), 1), ['a']);
  });

  it('refuses a wrong count, non-strings, prose or a body that is no chat completion', () => {
    assert.equal(parseChatTranslations(answer('{"translations":["a"]}'), 2), undefined);
    assert.equal(parseChatTranslations(answer('{"translations":["a",1]}'), 2), undefined);
    assert.equal(parseChatTranslations(answer('{"a":["x"],"b":["y"]}'), 1), undefined);
    assert.equal(parseChatTranslations(answer('Here you go: a'), 1), undefined);
    assert.equal(parseChatTranslations('not json', 1), undefined);
  });
});
