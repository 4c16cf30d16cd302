// Fast transcription's refusals and the speech guard in ai-proxy (ADR 0021), called as the gateway
// calls it. No billing listens here: every answer below comes before credits are held, so none of
// these clips held anything or ran the engine (which runs only once the hold is taken).
// tests/e2e/ai.test.ts takes a clip through the gateway, billing and the real engine.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { FAST_TRANSCRIPTION } from '@tp/catalog';
import type { AppError } from '@tp/errors';
import type { GrpcClient } from '@tp/grpc';
import { createLogger } from '@tp/logging';
import { FastTranscriptionServiceService, type TranscribeRequest } from '@tp/proto';
import { encodeWav, noise } from '@tp/speech-guard/signals';
import { freePort, synthesizeSpeech, tempDir, testClient, testServiceKeys } from '@tp/testing';
import { AiProxyConfigSchema } from '../src/config.ts';
import { FAST_TRANSCRIPTION_ACCESS } from '../src/rpc/access.ts';
import { type RunningAiProxy, startAiProxyService } from '../src/service.ts';

const log = createLogger({ service: 'ai-proxy-test', level: 'silent' });
let service: RunningAiProxy;
let client: GrpcClient<typeof FastTranscriptionServiceService>;

before(async () => {
  const config = AiProxyConfigSchema.parse({
    GRPC_PORT: String(await freePort()),
    OPS_PORT: String(await freePort()),
    BILLING_GRPC_ADDR: `127.0.0.1:${await freePort()}`,
    ...testServiceKeys().env('ai-proxy'),
  });
  service = await startAiProxyService(config, log);
  client = testClient(FastTranscriptionServiceService, `127.0.0.1:${service.grpcPort}`, {
    audience: 'ai-proxy',
    as: FAST_TRANSCRIPTION_ACCESS,
    maxMessageBytes: FAST_TRANSCRIPTION.maxBytes + 1024 * 1024,
    // The guard reads a long clip whole before it knows its length: seconds on a busy machine.
    defaultDeadlineMs: 60_000,
  });
});

after(async () => {
  client?.close();
  await service?.stop();
});

const THREE_SECONDS = encodeWav([noise('white', 3, -30, 7)], 16_000);
/** A clip's fields as the gateway sends them; `audio` any bytes (the proto's are a Buffer). */
type Clip = Partial<Omit<TranscribeRequest, 'audio'>> & { audio?: Uint8Array };
const transcribe = ({ audio = THREE_SECONDS, ...fields }: Clip) =>
  client.transcribe({
    userId: 'usr_fast',
    reference: 'aic_fast_test',
    audio: Buffer.from(audio),
    model: 'svc-fast',
    language: '',
    features: [],
    targetLanguage: '',
    ...fields,
  });
/** The AppError a transcription ends with. */
const refusal = (fields: Clip) =>
  transcribe(fields).then(
    () => assert.fail('expected a refusal'),
    (err: AppError) => err,
  );

describe('fast transcription refuses before holding credits', () => {
  it('a language the engine does not transcribe, and a translation target the translator lacks', async () => {
    const language = await refusal({ language: 'fr' });
    assert.equal(language.code, 'validation_error');
    assert.equal(language.details.param, 'language');
    assert.match(language.message, /"fr" is not transcribed here; use en/);
    const target = await refusal({ targetLanguage: 'fr' });
    assert.equal(target.code, 'unsupported_option');
    assert.equal(target.details.option, 'target_language');
    assert.deepEqual(target.details.targets, ['ca', 'eo', 'es', 'gl']);
    assert.match(target.message, /Translation from en goes to ca, eo, es, gl; "fr" is not supported/);
  });

  it('an empty file, one over the size limit, a clip over the time limit, and bytes that are no audio', async () => {
    assert.equal((await refusal({ audio: new Uint8Array(0) })).code, 'media_empty');
    const big = await refusal({ audio: new Uint8Array(FAST_TRANSCRIPTION.maxBytes + 1) });
    assert.equal(big.code, 'file_too_large');
    assert.equal(big.details.param, 'file');
    const long = await refusal({ audio: encodeWav([noise('white', FAST_TRANSCRIPTION.maxSeconds + 1, -30)], 16_000) });
    assert.equal(long.code, 'clip_too_long');
    assert.equal(long.details.max_seconds, FAST_TRANSCRIPTION.maxSeconds);
    const malformed = Buffer.concat([Buffer.from(THREE_SECONDS.subarray(0, 12)), Buffer.from('garbage'.repeat(10))]);
    assert.equal((await refusal({ audio: malformed })).code, 'media_unplayable', 'a WAV header over nothing');
    const junk = new TextEncoder().encode('not audio at all '.repeat(100));
    assert.equal((await refusal({ audio: junk })).code, 'media_unplayable', 'what ffmpeg cannot decode');
  });
});

describe('the speech guard', () => {
  it('answers silence and noise as no speech, with nothing charged and no engine time', async () => {
    for (const audio of [encodeWav([noise('silence', 3, 0)], 16_000), THREE_SECONDS]) {
      const answer = await transcribe({ audio });
      assert.deepEqual(
        {
          noSpeech: answer.noSpeech,
          text: answer.text,
          charged: answer.chargedMicroCredits,
          engineMs: answer.engineMs,
        },
        { noSpeech: true, text: '', charged: 0, engineMs: 0 },
      );
      assert.ok(Math.abs(answer.durationSeconds - 3) < 0.01);
    }
  });

  it('lets speech on to the hold of credits, which billing away refuses before the engine runs', async () => {
    const dir = await tempDir('tp-ai-proxy-speech-');
    try {
      const speech = await readFile(await synthesizeSpeech('Hello there, this is speech.', { dir: dir.path }));
      assert.equal((await refusal({ audio: speech })).code, 'service_unavailable');
    } finally {
      await dir.remove();
    }
  });
});
