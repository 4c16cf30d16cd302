// The speech guard of fast transcription (spec 4.2 rule 5, ADR 0019/0021): silence, white, pink and
// brown noise and mains hum in PCM WAV are answered without an engine run and without a charge;
// flite speech and the LibriVox utterances of pocketsphinx-testdata are never refused.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeWav, type NoiseKind, noise } from '@tp/speech-guard/signals';
import { HARVARD_SENTENCES, synthesizeSpeech, type TempDir, tempDir, writeScript } from '@tp/testing';
import { toFile } from 'openai';
import { ledgerOf, spentByReference } from './support/ai.ts';
import { fastCharges, type FastWorld, startFastWorld } from './support/fast.ts';

let world: FastWorld;
let dir: TempDir;

before(async () => {
  dir = await tempDir('tp-guard-clips-');
  world = await startFastWorld();
});

after(async () => {
  await world?.stop();
  await dir?.remove();
});

async function post(token: string, wav: Uint8Array, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('file', new Blob([wav], { type: 'audio/wav' }), 'clip.wav');
  form.set('model', 'svc-fast');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const res = await fetch(`${world.fleet.gatewayUrl}/api/v1/ai/compat/audio/transcriptions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: JSON.parse(await res.text()) };
}

async function transcribe(token: string, wav: Uint8Array, fields: Record<string, string> = {}) {
  const res = await post(token, wav, fields);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
}

describe('speech guard', () => {
  it('answers silence, noise and hum at several levels with no engine run and no charge', async () => {
    const { token, client } = await world.newUser(1);
    const runsBefore = await world.engineRuns();
    const kinds: NoiseKind[] = ['white', 'pink', 'brown', 'hum50', 'hum60'];
    const clips: { name: string; wav: Uint8Array }[] = [
      { name: 'silence', wav: encodeWav([noise('silence', 3, 0)], 16_000) },
      {
        name: 'silence 44.1 kHz stereo',
        wav: encodeWav([noise('silence', 3, 0, 1, 44_100), noise('silence', 3, 0, 1, 44_100)], 44_100),
      },
    ];
    for (const kind of kinds)
      for (const level of [-50, -30, -12])
        clips.push({ name: `${kind} ${level} dBFS`, wav: encodeWav([noise(kind, 3, level, 7)], 16_000) });
    clips.push({ name: 'pink 48 kHz', wav: encodeWav([noise('pink', 3, -20, 3, 48_000)], 48_000) });
    for (const { name, wav } of clips) {
      const body = await transcribe(token, wav, { purpose: 'live' });
      assert.deepEqual(
        { text: body.text, evidence: body.evidence, reason: body.reason, charged: body.billing.credits_charged },
        { text: '', evidence: 'noSpeech', reason: 'speech_guard', charged: 0 },
        name,
      );
    }
    // The openai client reads the guard's answer as an ordinary (empty) transcription.
    const verbose = await client.audio.transcriptions.create({
      file: await toFile(clips[2]!.wav, 'noise.wav'),
      model: 'svc-fast',
      response_format: 'verbose_json',
    });
    assert.equal(verbose.text, '');
    assert.ok(Math.abs(verbose.duration - 3) < 0.01);
    assert.equal(await world.engineRuns(), runsBefore, 'no engine run');
    assert.deepEqual(await fastCharges(world, token), [], 'no charge');
  });

  it('never refuses flite speech (several voices, rates) nor the LibriVox utterances', async () => {
    const { token } = await world.newUser(5);
    const runsBefore = await world.engineRuns();
    const files: string[] = [];
    const voices = ['rms', 'slt', 'awb', 'kal'];
    for (const [i, sentence] of HARVARD_SENTENCES.slice(0, 4).entries())
      files.push(
        await synthesizeSpeech(sentence, {
          dir: dir.path,
          name: `flite-${i}`,
          voice: voices[i]!,
          sampleRate: i % 2 ? 44_100 : 16_000,
          channels: i % 2 ? 2 : 1,
        }),
      );
    const librivox = '/usr/share/pocketsphinx/test/data/librivox';
    for (const name of (await readdir(librivox)).filter((n) => n.endsWith('.wav')).sort())
      files.push(join(librivox, name));
    assert.equal(files.length, 9);
    for (const file of files) {
      const body = await transcribe(token, await readFile(file));
      assert.equal(body.evidence, undefined, `${file} refused`);
      assert.ok(body.text.length > 0, `${file}: nothing recognised`);
    }
    assert.equal((await world.engineRuns()) - runsBefore, files.length);
    assert.equal((await fastCharges(world, token)).length, files.length);
  });
});

describe('an engine that fails', () => {
  it('is 502 engine_failed with a fixed message, the hold released and nothing charged', async () => {
    const secret = 'FATAL: cannot open /models/private/acoustic-v7.bin';
    const failing = await writeScript(dir.path, 'failing-engine.sh', `cat > /dev/null\necho "${secret}" >&2\nexit 1`);
    await world.fleet.stopService('ai-proxy');
    await world.fleet.startService('ai-proxy', { POCKETSPHINX_RUNNER: 'command', POCKETSPHINX_BIN: failing });
    const { token } = await world.newUser(1);
    const wav = await readFile(await synthesizeSpeech(HARVARD_SENTENCES[0]!, { dir: dir.path, name: 'fails' }));
    const res = await post(token, wav);
    assert.equal(res.status, 502, JSON.stringify(res.body));
    assert.equal(res.body.detail.code, 'engine_failed');
    assert.equal(res.body.error.code, 'engine_failed');
    for (const word of ['FATAL', 'acoustic', '/models']) assert.ok(!JSON.stringify(res.body).includes(word), word);
    const ledger = await ledgerOf(world.fleet, token);
    assert.ok(
      ledger.some((e) => e.kind === 'release'),
      JSON.stringify(ledger),
    );
    assert.deepEqual(await fastCharges(world, token), []);
    assert.deepEqual(
      [...spentByReference(ledger).values()].filter((spent) => spent !== 0),
      [],
    );
  });
});
