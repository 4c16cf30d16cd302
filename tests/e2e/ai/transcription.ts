// Fast transcription (ADR 0021) with the real engine: a spoken clip recognised through the real
// `openai` client (verbose_json with words) and live (purpose=live, want_words, translated by the
// real apertium), each charged tokens × price; silence and noise answered by the speech guard with
// no engine run and no charge; refusals at each layer (the gateway's form, ai-proxy's model and
// file checks, billing's credits) with no engine run and no charge; an engine that fails, 502 with
// nothing of its words shown, the hold released.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { decodePcmWav } from '@tp/speech-guard';
import { encodeWav, noise } from '@tp/speech-guard/signals';
import { synthesizeSpeech, tempDir, wordErrorRate } from '@tp/testing';
import type OpenAI from 'openai';
import { toFile } from 'openai';
import { chargesIn, ledgerOf, ledgerSince, spentByReference } from '../support/ai.ts';
import { type AiContext, fastPrice, SPOKEN } from '../support/fast.ts';

let ctx: AiContext;
let clip: Buffer;
let seconds: number;

/** Registers the fast transcription tests against the world of the entry file (tests/e2e/ai.test.ts). */
export function transcriptionTests(context: AiContext): void {
  ctx = context;
  describe('fast transcription', { concurrency: false }, () => {
    before(async () => {
      const dir = await tempDir('tp-fast-clips-');
      clip = await readFile(await synthesizeSpeech(SPOKEN, { dir: dir.path, name: 'spoken' }));
      seconds = decodePcmWav(clip).durationSeconds;
      await dir.remove();
    });
    it('recognises a clip through the openai client and live, translated, each charged tokens × price', recognised);
    it('answers silence and noise by the speech guard, with no engine run and no charge', guarded);
    it('refuses what it cannot do at every layer, with no engine run and no charge', refused);
    it('answers an engine that fails with 502 engine_failed, its words hidden, the hold released', engineFails);
  });
}

/** A raw multipart post, for what the openai client cannot send or does not show. */
async function post(token: string, fields: Record<string, string>, file: Uint8Array = clip) {
  const form = new FormData();
  form.set('file', new Blob([file], { type: 'audio/wav' }), 'clip.wav');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const res = await fetch(`${ctx.world.fleet.gatewayUrl}/api/v1/ai/compat/audio/transcriptions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  const body = type.startsWith('application/json') ? JSON.parse(text) : null;
  return { status: res.status, type, timing: res.headers.get('server-timing') ?? '', text, body };
}

/** Runs `calls`; answers how many engine runs they made and the fast user's ledger entries they wrote. */
async function observed(calls: () => Promise<void>) {
  const { world, fastUser } = ctx;
  const [runs, ledger] = await Promise.all([world.engineRuns(), ledgerOf(world.fleet, fastUser.token)]);
  await calls();
  return {
    runs: (await world.engineRuns()) - runs,
    entries: await ledgerSince(world.fleet, fastUser.token, ledger),
  };
}

async function recognised() {
  const { token, client } = ctx.fastUser;
  let verbose!: OpenAI.Audio.TranscriptionVerbose;
  let live!: Awaited<ReturnType<typeof post>>;
  const { runs, entries } = await observed(async () => {
    verbose = await client.audio.transcriptions.create({
      file: await toFile(clip, 'clip.wav', { type: 'audio/wav' }),
      model: 'svc-fast',
      response_format: 'verbose_json',
      timestamp_granularities: ['word', 'segment'],
    });
    live = await post(token, { model: 'oracle', purpose: 'live', want_words: 'true', target_language: 'es' });
  });
  const wer = wordErrorRate(SPOKEN, verbose.text).wer;
  assert.ok(wer <= 0.25, `word error rate ${wer}: ${verbose.text}`);
  assert.equal(verbose.language, 'en');
  assert.ok(Math.abs(verbose.duration - seconds) < 0.01, `${verbose.duration} vs ${seconds}`);
  assert.equal(verbose.segments!.map((s) => s.text).join(' '), verbose.text);
  assert.equal(verbose.words?.map((w) => w.word).join(' '), verbose.text);
  for (const w of verbose.words ?? [])
    assert.ok(w.start <= w.end && w.end <= verbose.duration + 0.05, JSON.stringify(w));

  assert.equal(live.status, 200, live.text);
  const b = live.body;
  assert.ok(wordErrorRate(SPOKEN, b.source_text).wer <= 0.25, b.source_text);
  assert.match(b.text, /\b(el|la|los|las|de|y|por)\b/, `Spanish words in ${b.text}`);
  assert.equal(b.language, 'en', 'the language spoken');
  assert.equal(b.words.map((w: { word: string }) => w.word).join(' '), b.source_text, 'the words spoken');
  assert.equal(b.words_estimated, false);
  assert.match(live.timing, /^guard;dur=[\d.]+, decode;dur=[\d.]+, engine;dur=[\d.]+, translate;dur=[1-9]/);
  const price = fastPrice(seconds, b.source_text);
  const { credits_charged, model, pending } = b.billing;
  assert.deepEqual(
    { credits_charged, model, pending },
    { credits_charged: price / 1_000_000, model: 'oracle', pending: false },
  );
  assert.ok(Math.abs(b.billing.seconds - seconds) < 0.01);
  assert.match(b.billing.basis, /10 input tokens per second of audio/);

  assert.equal(runs, 2);
  assert.deepEqual(chargesIn(entries).amounts, [price, fastPrice(seconds, verbose.text)], 'the translation included');
}

async function guarded() {
  const { token, client } = ctx.fastUser;
  const stereo = [noise('silence', 3, 0, 1, 44_100), noise('silence', 3, 0, 1, 44_100)];
  const clips = {
    'silence 44.1 kHz stereo': encodeWav(stereo, 44_100),
    'pink noise at -30 dBFS': encodeWav([noise('pink', 3, -30, 7)], 16_000),
  };
  const { runs, entries } = await observed(async () => {
    for (const [name, wav] of Object.entries(clips)) {
      const res = await post(token, { model: 'svc-fast', purpose: 'live' }, wav);
      assert.equal(res.status, 200, res.text);
      const { text, evidence, reason, billing } = res.body;
      assert.deepEqual(
        { text, evidence, reason, charged: billing.credits_charged },
        { text: '', evidence: 'noSpeech', reason: 'speech_guard', charged: 0 },
        name,
      );
    }
    const vtt = await post(token, { model: 'svc-fast', response_format: 'vtt' }, clips['pink noise at -30 dBFS']);
    assert.deepEqual([vtt.status, vtt.type, vtt.text], [200, 'text/plain; charset=utf-8', 'WEBVTT\n'], 'no cue');
    // The openai client reads the guard's answer as an ordinary (empty) transcription.
    const verbose = await client.audio.transcriptions.create({
      file: await toFile(clips['pink noise at -30 dBFS'], 'noise.wav'),
      model: 'svc-fast',
      response_format: 'verbose_json',
    });
    assert.equal(verbose.text, '');
    assert.ok(Math.abs(verbose.duration - 3) < 0.01);
  });
  assert.equal(runs, 0, 'no engine run');
  assert.deepEqual(entries, [], 'nothing held or charged');
}

async function refused() {
  const { token, client } = ctx.fastUser;
  const brokeLedger = await ledgerOf(ctx.world.fleet, ctx.broke.token);
  const { runs, entries } = await observed(async () => {
    await assert.rejects(
      client.audio.transcriptions.create({ file: await toFile(clip, 'clip.wav'), model: 'base' }),
      (err: { status?: number; code?: string }) => err.status === 400 && err.code === 'live_runs_on_device',
    );
    const base = await post(token, { model: 'base' });
    assert.equal(base.body.detail.cloud_fallback, 'svc-fast', base.text);
    for (const [fields, status, param] of [
      [{ model: 'nope' }, 422, 'model'], // ai-proxy's models
      [{ model: 'svc-fast', response_format: 'xml' }, 422, 'response_format'], // the gateway's form
      [{ model: 'svc-fast', target_language: 'fr' }, 422, 'target_language'], // the translator's pairs
    ] as const) {
      const res = await post(token, fields);
      assert.equal(res.status, status, `${JSON.stringify(fields)}: ${res.text}`);
      assert.equal(res.body.error.param, param, res.text);
      assert.ok(res.body.detail, res.text);
    }
    const junk = await post(token, { model: 'svc-fast' }, new TextEncoder().encode('not audio at all '.repeat(100)));
    assert.equal(junk.status, 400, junk.text);
    assert.equal(junk.body.detail.code, 'media_unplayable');
    const broke = await ctx.broke.client.audio.transcriptions
      .create({ file: await toFile(clip, 'clip.wav'), model: 'svc-fast' })
      .then(
        () => null,
        (err: { status?: number; code?: string }) => err,
      );
    assert.deepEqual([broke?.status, broke?.code], [402, 'insufficient_credits']);
  });
  assert.equal(runs, 0, 'no engine run');
  assert.deepEqual(entries, [], 'nothing held or charged');
  assert.deepEqual(await ledgerSince(ctx.world.fleet, ctx.broke.token, brokeLedger), []);
}

async function engineFails() {
  await ctx.world.failEngine(true);
  try {
    let res!: Awaited<ReturnType<typeof post>>;
    const { entries } = await observed(async () => {
      res = await post(ctx.fastUser.token, { model: 'svc-fast' });
    });
    assert.equal(res.status, 502, res.text);
    assert.equal(res.body.detail.code, 'engine_failed');
    assert.equal(res.body.error.code, 'engine_failed');
    for (const word of ['FATAL', 'acoustic', '/models']) assert.ok(!res.text.includes(word), word);
    assert.deepEqual(
      entries.map((e) => e.kind),
      ['release', 'reservation'],
    );
    assert.deepEqual([...spentByReference(entries).values()], [0], 'nothing charged');
  } finally {
    await ctx.world.failEngine(false);
  }
}
