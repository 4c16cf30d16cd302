// The windower on real speech (flite): every cut falls in a gap between sentences, never inside one,
// whether a pause was there to cut at or the stretch had to be cut at its quietest point.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HARVARD_SENTENCES, synthesizePcm, withWorkDir } from '@tp/testing';
import { createSpeechGuard, type SpeechGuard } from './guard.ts';
import { createSpeechWindower, type SpeechWindow } from './windower.ts';

let guard: SpeechGuard;
let sentences: Buffer[];

before(async () => {
  guard = await createSpeechGuard();
  sentences = await withWorkDir(async (work) => {
    const out: Buffer[] = [];
    for (const [i, text] of HARVARD_SENTENCES.slice(0, 12).entries())
      out.push(await synthesizePcm(text, i % 2 === 0 ? 'rms' : 'slt', work));
    return out;
  });
});
after(async () => {
  await guard?.close();
});

/** The sentences with `gap` seconds of silence between them; each sentence's span in seconds. */
function recording(gap: number) {
  const silence = Buffer.alloc(Math.round(gap * 16_000) * 2);
  const parts: Buffer[] = [];
  const spans: { start: number; end: number }[] = [];
  let at = 0;
  for (const pcm of sentences) {
    spans.push({ start: at / 32_000, end: (at + pcm.length) / 32_000 });
    parts.push(pcm, silence);
    at += pcm.length + silence.length;
  }
  return { pcm: Buffer.concat(parts), spans };
}

/** Windows of the PCM pushed in uneven chunks, as ffmpeg hands it on. */
async function windowsOf(pcm: Buffer, settings: { targetSeconds: number; maxSeconds: number }) {
  const windower = createSpeechWindower(guard, settings);
  const out: SpeechWindow[] = [];
  for (let at = 0, size = 4093; at < pcm.length; at += size, size = size === 4093 ? 65_537 : 4093)
    out.push(...(await windower.push(pcm.subarray(at, at + size))));
  out.push(...(await windower.finish()));
  return { windows: out, stats: windower.stats() };
}

/** Is `t` inside a sentence's spoken part? flite leaves about 0.1 s of silence at each end. */
const insideSpeech = (spans: { start: number; end: number }[], t: number) =>
  spans.some((s) => t > s.start + 0.15 && t < s.end - 0.15);

describe('createSpeechWindower on synthesized speech', () => {
  it('cuts in the pauses between sentences, with each window holding its own samples', async () => {
    const { pcm, spans } = recording(0.8);
    const { windows, stats } = await windowsOf(pcm, { targetSeconds: 6, maxSeconds: 12 });
    assert.ok(windows.length >= 4, `${windows.length} windows`);
    for (const [i, w] of windows.entries()) {
      assert.equal(w.index, i);
      assert.ok(!insideSpeech(spans, w.start) && !insideSpeech(spans, w.end), `window ${i} ${w.start}–${w.end}`);
      const from = Math.round(w.start * 16_000) * 2;
      assert.ok(w.pcm.equals(pcm.subarray(from, from + w.pcm.length)), `window ${i} holds the recording's samples`);
      assert.ok(Math.abs(w.pcm.length / 32_000 - (w.end - w.start)) < 0.001);
      // Up to 3 s of what came before, for the engine to settle on (the first window has none).
      assert.equal(w.context.length, Math.min(from, 3 * 32_000), `window ${i}'s context`);
      assert.ok(w.context.equals(pcm.subarray(from - w.context.length, from)), `window ${i}'s context samples`);
    }
    const spoken = spans.reduce((sum, s) => sum + s.end - s.start, 0);
    assert.ok(stats.windowSeconds >= spoken * 0.9, 'the speech is in the windows');
    assert.ok(stats.windowSeconds < pcm.length / 32_000, 'some silence was left out');
  });

  it('cuts speech with no pause long enough at its quietest point, which is between sentences', async () => {
    const { pcm, spans } = recording(0.05);
    const { windows } = await windowsOf(pcm, { targetSeconds: 8, maxSeconds: 14 });
    assert.ok(windows.length >= 2, `${windows.length} windows`);
    for (const [i, w] of windows.entries()) {
      assert.ok(w.end - w.start <= 14.001, `window ${i} no longer than the maximum`);
      assert.ok(!insideSpeech(spans, w.end), `window ${i} ends at ${w.end}, inside a sentence`);
    }
  });
});
