// Managed AI (ADR 0020, 0021) end to end, on one fleet of accounts, billing, ai-proxy and the
// gateway started once for the group, with two fake OpenAI-compatible providers (a primary, and one
// alias's fallback) and the real pocketsphinx behind a wrapper that counts its runs. It walks:
// - calls relayed to the upstream (ai/relay.ts): chat, embeddings, images and responses through the
//   real `openai` client, each charged tokens × price once; 402 without credits; upstream failures
//   never charged; the fallback provider; a retried Idempotency-Key;
// - streamed chat (ai/stream.ts): chunks as they come, the usage chunk when asked, a client that
//   goes away;
// - fast transcription (ai/transcription.ts): a clip recognised and translated, the speech guard,
//   refusals with no engine run and no charge, an engine that fails.
// Refusals branch by branch are tested by the gateway's route tests (services/gateway/test/
// ai-compat.test.ts) and ai-proxy's own (services/ai-proxy/test/).
import { after, before, describe } from 'node:test';
import { relayTests } from './ai/relay.ts';
import { streamTests } from './ai/stream.ts';
import { transcriptionTests } from './ai/transcription.ts';
import { type AiContext, startFastWorld } from './support/fast.ts';

const ctx = {} as AiContext;
// A start the hook gave up on (its timeout, on a busy machine) goes on: `after` stops it once it
// ends, so its processes do not hold the test file open.
let starting: ReturnType<typeof startFastWorld> | undefined;

before(async () => {
  starting = startFastWorld();
  ctx.world = await starting;
  [ctx.relayUser, ctx.fastUser, ctx.broke] = await Promise.all([
    ctx.world.newUser(1),
    ctx.world.newUser(1),
    ctx.world.newUser(0),
  ]);
});

after(async () => {
  await (ctx.world ?? (await starting?.catch(() => undefined)))?.stop();
});

// The relayed calls share the fakes' behaviour, so they run one after the other; fast transcription
// uses no upstream and runs beside them.
describe('managed AI', { concurrency: true }, () => {
  describe('through the upstream', { concurrency: false }, () => {
    relayTests(ctx);
    streamTests(ctx);
  });
  transcriptionTests(ctx);
});
