import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RelayFrame } from '@tp/proto';
import { prepareRequest } from '../domain/operations.ts';
import { createMeter } from './meter.ts';
import { DONE_FRAME, relayPlain, relayStream, upstreamRejection } from './relay-answer.ts';

const prepare = (operation: Parameters<typeof prepareRequest>[0], body: unknown) =>
  prepareRequest(operation, Buffer.from(JSON.stringify(body)), { defaultMaxOutputTokens: 100 });

/** Relays `response` for `request`, answering the frames sent and what the meter saw. */
async function relay(
  relayer: typeof relayPlain,
  response: Response,
  request = prepare('chat.completions', { model: 'svc-chat', stream: true }),
) {
  const frames: RelayFrame[] = [];
  const meter = createMeter(request, (text) => text.length);
  const ended = await relayer(response, request, meter, async (frame) => void frames.push(frame));
  const text = frames.flatMap((f) => (f.chunk ? [Buffer.from(f.chunk).toString('utf8')] : [])).join('');
  return { frames, text, ended, meter };
}
const sse = (...events: string[]) =>
  new Response(events.join(''), { status: 200, headers: { 'content-type': 'text/event-stream' } });

describe('relayPlain', () => {
  it('sends the JSON answer with the alias in place of the upstream model, metered', async () => {
    const answer = { model: 'gpt-4o-2024', choices: [], usage: { prompt_tokens: 3, completion_tokens: 4 } };
    const { frames, text, ended, meter } = await relay(relayPlain, Response.json(answer, { status: 200 }));
    assert.deepEqual(frames[0], { head: { status: 200, contentType: 'application/json' } });
    assert.deepEqual(JSON.parse(text), { ...answer, model: 'svc-chat' });
    assert.deepEqual(
      [ended, meter.result()],
      [{ endsWithDone: false }, { inputTokens: 3, outputTokens: 4, estimated: false }],
    );
  });

  it('sends a large answer in frames of at most 1 MiB', async () => {
    const answer = { model: 'm', choices: [{ message: { content: 'x'.repeat(2_500_000) } }] };
    const { frames, text } = await relay(relayPlain, Response.json(answer));
    assert.deepEqual(
      frames.slice(1).map((f) => f.chunk?.length),
      [1_048_576, 1_048_576, text.length - 2_097_152],
    );
  });

  it('refuses an answer that is not JSON with upstream_error, sending nothing', async () => {
    await assert.rejects(relay(relayPlain, new Response('<html>')), { code: 'upstream_error', message: /not JSON/ });
  });
});

describe('relayStream', () => {
  it('relays each event with the alias, drops the usage chunk the client did not ask for, and ends a chat with [DONE]', async () => {
    const { frames, text, ended, meter } = await relay(
      relayStream,
      sse(
        'data: {"model":"up","choices":[{"delta":{"content":"Hi"}}]}\n\n',
        ': a comment\n\n',
        'data: not json\n\n',
        'data: {"model":"up","choices":[],"usage":{"prompt_tokens":5,"completion_tokens":1}}\n\n',
        'data: [DONE]\n\n',
      ),
    );
    assert.deepEqual(frames[0], { head: { status: 200, contentType: 'text/event-stream' } });
    assert.equal(text, 'data: {"model":"svc-chat","choices":[{"delta":{"content":"Hi"}}]}\n\ndata: not json\n\n');
    assert.deepEqual(
      [ended, meter.result()],
      [{ endsWithDone: true }, { inputTokens: 5, outputTokens: 1, estimated: false }],
    );
  });

  it('keeps the usage chunk a client asked for', async () => {
    const request = prepare('chat.completions', {
      model: 'svc-chat',
      stream: true,
      stream_options: { include_usage: true },
    });
    const usage = 'data: {"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":1}}\n\n';
    const { text } = await relay(relayStream, sse(usage), request);
    assert.equal(text, usage);
  });

  it('ends a responses stream with [DONE] only when the upstream sent it', async () => {
    const request = prepare('responses', { model: 'svc-reason', stream: true });
    const event = 'event: response.output_text.delta\ndata: {"delta":"Hi"}\n\n';
    assert.deepEqual((await relay(relayStream, sse(event), request)).ended, { endsWithDone: false });
    assert.deepEqual((await relay(relayStream, sse(event, 'data: [DONE]\n\n'), request)).ended, { endsWithDone: true });
    assert.equal(Buffer.from(DONE_FRAME.chunk).toString(), 'data: [DONE]\n\n');
  });
});

describe('upstreamRejection', () => {
  it('passes on the message of a request the upstream refused as bad_request, with its param', async () => {
    for (const status of [400, 404, 413, 422]) {
      const err = await upstreamRejection(
        Response.json({ error: { message: 'max_tokens too big', param: 'max_tokens' } }, { status }),
      );
      assert.deepEqual(
        [err.code, err.message, err.details],
        ['bad_request', 'The AI provider refused the request: max_tokens too big', { param: 'max_tokens' }],
      );
    }
    const bare = await upstreamRejection(new Response('no json', { status: 400 }));
    assert.deepEqual([bare.message, bare.details], ['The AI provider refused the request.', {}]);
  });

  it('answers upstream_error for what is our fault (a bad key, a forbidden model)', async () => {
    const err = await upstreamRejection(Response.json({ error: { message: 'invalid api key' } }, { status: 401 }));
    assert.deepEqual(
      [err.code, err.message],
      ['upstream_error', 'The AI provider refused to serve the request (401); nothing was charged.'],
    );
  });
});
