/**
 * A real player reads the files: ffmpeg (the demuxers and decoders of mpv and many TV apps) converts SRT to WebVTT
 * and back. It exits 0 even for a file it read as empty, so the converted cues are counted and compared too.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCues, exportTranscript, syntheticTranscript, type Transcript } from '../index.ts';
import { transcriptOf } from './test-fixtures.ts';

const FFMPEG = process.env.FFMPEG ?? 'ffmpeg'; // a platform need (tools/dev/os-packages.ts)
let dir = '';

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'tp-export-'));
});
after(() => {
  rmSync(dir, { recursive: true, force: true });
});

function ffmpeg(input: string, output: string): string {
  const result = spawnSync(FFMPEG, ['-v', 'error', '-nostdin', '-y', '-i', join(dir, input), join(dir, output)], {
    encoding: 'utf8',
  });
  assert.equal(result.error, undefined, `ffmpeg could not run: ${result.error?.message}`);
  assert.equal(result.status, 0, `ffmpeg ${input} → ${output} failed: ${result.stderr}`);
  assert.equal(result.stderr, '', `ffmpeg complained about ${input}: ${result.stderr}`);
  return readFileSync(join(dir, output), 'utf8');
}

/** Cue texts of any SRT or WebVTT file, tags removed, references decoded, lines kept. */
function cueTexts(content: string): string[] {
  return content
    .replace(/\r/g, '')
    .split(/\n{2,}/)
    .map((block) => block.split('\n'))
    .filter((lines) => lines.some((l) => l.includes('-->')))
    .map((lines) =>
      lines
        .slice(lines.findIndex((l) => l.includes('-->')) + 1)
        .join('\n')
        .replace(/<[^>]*>/g, '')
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&')
        .trim(),
    );
}

function roundTrip(
  name: string,
  t: Transcript,
  options: { maxCharsPerEntry?: number; highlightWords?: boolean; highlightColor?: string },
) {
  const srt = exportTranscript(t, { format: 'srt', ...options }).content;
  const vtt = exportTranscript(t, { format: 'vtt', ...options }).content;
  writeFileSync(join(dir, `${name}.srt`), srt);
  writeFileSync(join(dir, `${name}.vtt`), vtt);
  return {
    srt,
    vtt,
    srtToVtt: ffmpeg(`${name}.srt`, `${name}.from-srt.vtt`),
    vttToSrt: ffmpeg(`${name}.vtt`, `${name}.from-vtt.srt`),
  };
}

describe('ffmpeg reads the subtitles', () => {
  const t = syntheticTranscript({ segments: 120, seed: 3 });

  it('plain SRT and WebVTT convert both ways with every cue and every word', () => {
    for (const maxCharsPerEntry of [80, 32]) {
      const expected = buildCues(t, { maxCharsPerEntry, includeSpeakers: true }).map((c) => c.text);
      const out = roundTrip(`plain-${maxCharsPerEntry}`, t, { maxCharsPerEntry });
      assert.ok(expected.length > 120);
      assert.deepEqual(cueTexts(out.srtToVtt), expected);
      assert.deepEqual(cueTexts(out.vttToSrt), expected);
      const words = t.segments.flatMap((s) => s.words.map((w) => w.text));
      assert.deepEqual(
        cueTexts(out.vttToSrt)
          .join(' ')
          .replace(/\n/g, ' ')
          .replace(/(Ada Lovelace|Speaker 2): /g, '')
          .split(' '),
        words,
      );
    }
  });

  it('karaoke SRT and WebVTT convert both ways, one entry per word, highlight kept where the format can', () => {
    const expected = buildCues(t, { maxCharsPerEntry: 80, includeSpeakers: true });
    const out = roundTrip('karaoke', t, { highlightWords: true, highlightColor: 'orange' });
    const entries = cueTexts(out.srtToVtt);
    assert.equal(
      entries.length,
      expected.reduce((n, c) => n + c.words.length, 0),
    );
    assert.deepEqual(cueTexts(out.vttToSrt), entries);
    // Every entry shows its whole cue; the cues appear in order.
    assert.deepEqual([...new Set(entries)], [...new Set(expected.map((c) => c.text))]);
    // ffmpeg turns <font color> into an ASS colour, written back as <font color> in SRT; WebVTT keeps the bold.
    const srtBack = ffmpeg('karaoke.from-srt.vtt', 'karaoke.again.srt');
    assert.equal(cueTexts(srtBack).length, entries.length);
    assert.equal(out.vttToSrt.match(/<b>/g)?.length, entries.length);
  });
});

describe('ffmpeg reads hostile subtitles as text', () => {
  it('hostile text stays text: tags, -->, &, braces, backslashes', () => {
    const hostile = transcriptOf(
      [
        {
          start: 0,
          end: 3,
          words: [
            ['sentinel', 0, 0.5],
            ['<script>alert(1)</script>', 0.5, 1],
            ['-->', 1, 1.5],
            ['A&B', 1.5, 2],
            ['&amp;', 2, 3],
          ],
        },
        {
          start: 3,
          end: 6,
          words: [
            ['sentinel', 3, 3.5],
            ['<i>not', 3.5, 4],
            ['italic</i>', 4, 4.5],
            ['{\\an8}top', 4.5, 5],
            ['a\\Nb', 5, 5.5],
            ['{c}', 5.5, 6],
          ],
        },
        { start: 6, end: 7, text: 'sentinel\n\n5\n00:00:09,000 --> 00:00:10,000\ninjected' },
      ],
      [{ id: 'S1', label: 'S', name: 'Eve <b>&</b>' }],
    );
    for (const highlightWords of [false, true]) {
      const out = roundTrip(`hostile-${highlightWords}`, hostile, { highlightWords, maxCharsPerEntry: 60 });
      const expected = exportTranscript(hostile, { format: 'srt', highlightWords, maxCharsPerEntry: 60 })
        .content.split('\n')
        .filter((l) => l.includes(' --> ')).length;
      for (const converted of [out.srtToVtt, out.vttToSrt]) {
        const texts = cueTexts(converted);
        assert.equal(texts.length, expected, converted);
        assert.equal(converted.match(/^[\d:.,]+ --> [\d:.,]+$/gm)?.length, expected, `no injected cue: ${converted}`);
        const all = texts.join('\n');
        for (const piece of ['alert(1)', 'A&B', 'italic', 'top', 'injected', '00:00:09,000'])
          assert.ok(all.includes(piece), `${piece} in ${converted}`);
        assert.ok((all.match(/sentinel/g)?.length ?? 0) >= 3);
        assert.ok(
          texts.every((text) => text.split('\n').length <= 2),
          `no extra line: ${converted}`,
        );
      }
      assert.ok(cueTexts(out.vttToSrt)[0]!.includes('alert(1)'));
    }
  });
});
