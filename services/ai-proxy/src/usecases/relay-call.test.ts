import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { captureLogger } from '@tp/logging';
import type { RelayFrame } from '@tp/proto';
import { type FakeOpenAi, startFakeOpenAi } from '@tp/testing';
import { type RelayCallInput, relayCall } from './relay-call.ts';
import { fakeBilling } from './testing/fake-billing.ts';

let upstream: FakeOpenAi;
before(async () => {
  upstream = await startFakeOpenAi();
});
beforeEach(() => {
  upstream.reset();
  upstream.requests.length = 0;
});
after(() => upstream.stop());

/** A relay over the fake upstream (svc-chat goes to model up-chat); `events` has billing's calls and the frames, in order. */
function relayWorld(configured = true) {
  const events: string[] = [];
  const billing = fakeBilling(events);
  const frames: RelayFrame[] = [];
  const deps = {
    billing: billing.client,
    routeOf: (alias: string) =>
      configured
        ? { primary: { upstream: { baseUrl: upstream.url, apiKey: 'sk-test' }, model: `up-${alias.slice(4)}` } }
        : null,
    // Ample for loopback however loaded the machine; the timeout's own test sets a short one.
    timeoutMs: 30_000,
    defaultMaxOutputTokens: 100,
    maxRequestBytes: 10_000,
    countTokens: (text: string) => text.length,
    log: captureLogger('ai-proxy-test').log,
  };
  const send = async (frame: RelayFrame) => {
    events.push(
      frame.head ? 'head' : Buffer.from(frame.chunk ?? []).toString() === 'data: [DONE]\n\n' ? 'done' : 'chunk',
    );
    frames.push(frame);
  };
  const call = (body: unknown, input: Partial<RelayCallInput> = {}, sendFrame = send) =>
    relayCall(
      deps,
      {
        userId: 'usr_alice',
        operation: 'chat.completions',
        reference: 'aic_1',
        body: Buffer.from(JSON.stringify(body)),
        ...input,
      },
      new AbortController().signal,
      sendFrame,
    );
  return { deps, billing, events, frames, call, send };
}
const CHAT = { model: 'svc-chat', messages: [{ role: 'user', content: 'Hi' }] };

describe('relayCall: a call answered', () => {
  it('holds credits for its bounds, calls the upstream under its model id and charges the usage reported', async () => {
    const { call, billing, events } = relayWorld();
    const used = await call({ ...CHAT, max_tokens: 50 });
    assert.deepEqual(billing.calls.holds, [
      {
        principalId: 'usr_alice',
        reference: 'aic_1',
        model: 'svc-chat',
        maxInputTokens: JSON.stringify({ ...CHAT, max_tokens: 50 }).length,
        maxOutputTokens: 50,
      },
    ]);
    assert.equal(upstream.requests[0]?.body.model, 'up-chat');
    assert.equal(upstream.requests[0]?.headers.authorization, 'Bearer sk-test');
    assert.deepEqual(used, { inputTokens: 17, outputTokens: 6, estimated: false });
    assert.deepEqual(billing.calls.settlements, [{ reference: 'aic_1', ...used }]);
    assert.deepEqual(events, ['hold', 'head', 'chunk', 'settle']);
  });

  it('streams a chat event by event and sends [DONE] only once the call is charged', async () => {
    const { call, events, frames } = relayWorld();
    await call({ ...CHAT, stream: true });
    assert.deepEqual(events, ['hold', 'head', ...upstream.words.map(() => 'chunk'), 'settle', 'done']);
    assert.match(Buffer.from(frames[1]?.chunk ?? []).toString(), /"model":"svc-chat"/);
  });
});

describe('relayCall: refused before the upstream', () => {
  it('an unknown operation, a body too large or not a request, nothing held', async () => {
    const { call, billing } = relayWorld();
    await assert.rejects(call(CHAT, { operation: 'audio.speech' }), {
      code: 'bad_request',
      message: 'Unknown operation audio.speech.',
    });
    await assert.rejects(call({ ...CHAT, pad: 'x'.repeat(10_000) }), { code: 'payload_too_large' });
    await assert.rejects(call({ model: 'svc-embed' }), { code: 'bad_request' });
    assert.deepEqual([billing.events, upstream.requests], [[], []]);
  });

  it('no upstream configured: ai_upstream_not_configured; billing refusing the hold: its error, nothing sent', async () => {
    await assert.rejects(relayWorld(false).call(CHAT), { code: 'ai_upstream_not_configured' });
    const { call, billing } = relayWorld();
    billing.refuse();
    await assert.rejects(call(CHAT), { code: 'insufficient_credits' });
    assert.deepEqual(upstream.requests, []);
  });
});

describe('relayCall: the upstream fails', () => {
  it('releases the hold when the upstream fails, refuses or does not answer in time', async () => {
    for (const [behaviour, code] of [
      [{ errorStatus: 500 }, 'upstream_error'],
      [{ errorStatus: 401 }, 'upstream_error'],
      [{ errorStatus: 400 }, 'bad_request'],
      [{ hang: true }, 'upstream_timeout'],
    ] as const) {
      upstream.behave(behaviour);
      const { call, events, deps } = relayWorld();
      if ('hang' in behaviour) deps.timeoutMs = 300;
      await assert.rejects(call(CHAT), { code });
      assert.deepEqual(events, ['hold', 'release'], code);
    }
  });

  it('charges what was produced when the client goes away mid-answer, and nothing when it left before', async () => {
    const gone = new Error('client went away');
    const midway = relayWorld();
    const leaveAfterFirst = async (frame: RelayFrame) => {
      if (midway.frames.length === 2) throw gone;
      await midway.send(frame);
    };
    await assert.rejects(midway.call({ ...CHAT, stream: true }, {}, leaveAfterFirst), gone);
    assert.deepEqual(midway.events, ['hold', 'head', 'chunk', 'settle']);
    // Both chunks read were produced, the one the client never got included.
    assert.deepEqual(midway.billing.calls.settlements[0], {
      reference: 'aic_1',
      inputTokens: JSON.stringify(CHAT.messages).length,
      outputTokens: upstream.words.slice(0, 2).join('').length,
      estimated: true,
    });
    const early = relayWorld();
    await assert.rejects(
      early.call({ ...CHAT, stream: true }, {}, () => Promise.reject(gone)),
      gone,
    );
    assert.deepEqual(early.events, ['hold', 'release']);
  });
});
