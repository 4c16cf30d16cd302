import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, stat } from 'node:fs/promises';
import { buildLongRecording } from './long-recording.ts';
import { parseTranscription } from './long-recording-sources.ts';
import { tempDir, type TempDir } from './temp-files.ts';

let dir: TempDir;
before(async () => {
  dir = await tempDir('long-recording-test-');
});
after(async () => {
  await dir.remove();
});

/** Mean absolute sample of a span of a 16 kHz mono s16le WAV (44-byte header). */
function level(wav: Buffer, start: number, end: number): number {
  let sum = 0;
  const from = 44 + Math.round(start * 16_000) * 2;
  const to = 44 + Math.round(end * 16_000) * 2;
  for (let at = from; at < to; at += 2) sum += Math.abs(wav.readInt16LE(at));
  return sum / ((to - from) / 2);
}

describe('buildLongRecording', () => {
  it('writes a WAV of exactly the length asked, speech and pauses, with every utterance placed', async () => {
    const recording = await buildLongRecording({ seconds: 75, seed: 7, dir: dir.path });
    assert.equal(recording.durationSeconds, 75);
    const wav = await readFile(recording.path);
    assert.equal(wav.length, 44 + 75 * 32_000);
    assert.equal(wav.toString('ascii', 0, 4), 'RIFF');
    assert.equal(wav.readUInt32LE(24), 16_000);
    assert.equal(wav.readUInt16LE(22), 1);
    assert.equal(wav.readUInt32LE(40), 75 * 32_000);

    const { segments } = recording;
    assert.ok(segments.length >= 15, `${segments.length} utterances in 75 s`);
    let previousEnd = 0;
    for (const segment of segments) {
      const gap = segment.start - previousEnd;
      assert.ok(gap >= 0.4 - 1e-9 && gap <= 2.5 + 1e-9, `pause of ${gap} s before ${segment.source}`);
      assert.ok(segment.end > segment.start && segment.end <= 75);
      assert.ok(segment.text.trim() !== '');
      previousEnd = segment.end;
    }
    assert.equal(recording.reference, segments.map((s) => s.text).join(' '));
    // Both kinds of speech, several voices.
    assert.ok(segments.some((s) => s.source.startsWith('pocketsphinx-testdata:')));
    assert.ok(
      new Set(segments.filter((s) => s.source.startsWith('flite:')).map((s) => s.source.split(':')[1])).size >= 2,
    );
    // Speech is loud where a segment says, the pauses quiet.
    const first = segments[0]!;
    assert.ok(level(wav, first.start, first.end) > 300, 'speech inside the first segment');
    assert.ok(level(wav, 0, first.start) < 100, 'a pause before it');
  });

  it('answers the cached file for the same (seconds, seed) and another order for another seed', async () => {
    const first = await buildLongRecording({ seconds: 40, seed: 3, dir: dir.path });
    const built = (await stat(first.path)).mtimeMs;
    const again = await buildLongRecording({ seconds: 40, seed: 3, dir: dir.path });
    assert.deepEqual(again, first);
    assert.equal((await stat(again.path)).mtimeMs, built);
    const other = await buildLongRecording({ seconds: 40, seed: 4, dir: dir.path });
    assert.notEqual(other.path, first.path);
    assert.notDeepEqual(
      other.segments.map((s) => s.source),
      first.segments.map((s) => s.source),
    );
  });

  it('refuses a length under a second and a seed that is not an integer', async () => {
    await assert.rejects(buildLongRecording({ seconds: 0.5, dir: dir.path }), RangeError);
    await assert.rejects(buildLongRecording({ seconds: 10, seed: 1.5, dir: dir.path }), RangeError);
  });
});

describe('parseTranscription', () => {
  it('reads the Sphinx transcription lines of the test data', () => {
    assert.deepEqual(
      parseTranscription(
        '<s> he was not an ill disposed young man </s> (sense-0880)\n<s> ten of clubs  </s> (001)\n\n',
      ),
      [
        { id: 'sense-0880', text: 'he was not an ill disposed young man' },
        { id: '001', text: 'ten of clubs' },
      ],
    );
  });
});
