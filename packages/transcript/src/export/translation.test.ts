import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  EXPORT_FORMATS,
  ExportOptionsError,
  exampleTranscript,
  exportTranscript,
  validateTranscript,
  type ExportOptions,
  type Transcript,
} from '../index.ts';
import { parseSrt, parseVtt } from './test-fixtures.ts';

const inTranslation = (t: Transcript, options: Partial<ExportOptions> & Pick<ExportOptions, 'format'>) =>
  exportTranscript(t, { text: 'translation', ...options }).content;

/** The example with only its first segment translated. */
function partlyTranslated(): Transcript {
  const t = exampleTranscript();
  t.translation!.segments = [{ id: 's1', text: 'Hola a todos.' }];
  return t;
}

function assertRefused(run: () => unknown, option: string, message: RegExp): void {
  assert.throws(
    run,
    (err: unknown) => err instanceof ExportOptionsError && err.option === option && message.test(err.message),
  );
}

describe('export of the translation (text: translation)', () => {
  it('writes the translated text with the speakers in text, srt and vtt', () => {
    const t = exampleTranscript();
    assert.equal(inTranslation(t, { format: 'text' }), 'Ada: Hola.\n\nSpeaker 2: ¡Hola!\n');
    assert.equal(inTranslation(t, { format: 'text', includeSpeakers: false }), 'Hola.\n\n¡Hola!\n');
    assert.deepEqual(
      parseSrt(inTranslation(t, { format: 'srt' })).map((c) => c.text),
      ['Ada: Hola.', 'Speaker 2: ¡Hola!'],
    );
    const vtt = inTranslation(t, { format: 'vtt' });
    assert.ok(vtt.includes('\n<v Ada>Ada: Hola.</v>\n'), vtt);
    assert.deepEqual(
      parseVtt(vtt).map((c) => c.text),
      ['Ada: Hola.', 'Speaker 2: ¡Hola!'],
    );
  });

  it('keeps the cue times of the segments, spread over the translated words', () => {
    const cues = parseSrt(inTranslation(exampleTranscript(), { format: 'srt' }));
    assert.deepEqual(
      cues.map((c) => [c.start, c.end]),
      [
        [0, 2500],
        [2500, 5200],
      ],
    );
  });

  it('json: a valid transcript in the translation language, the replaced source text kept as its translation', () => {
    const json = JSON.parse(inTranslation(partlyTranslated(), { format: 'json' }));
    assert.ok(validateTranscript(json).ok);
    assert.equal(json.language, 'es');
    assert.deepEqual(
      json.segments.map((s: { text: string; words: unknown[] }) => [s.text, s.words.length]),
      [
        ['Hola a todos.', 0],
        ['Hi!', 1],
      ],
    );
    assert.deepEqual(json.translation, { language: 'en', segments: [{ id: 's1', text: 'Hello there.' }] });
    assert.deepEqual(json.speakers, exampleTranscript().speakers);
  });

  it('keeps the source text of a segment the translation leaves out', () => {
    assert.equal(inTranslation(partlyTranslated(), { format: 'text' }), 'Ada: Hola a todos.\n\nSpeaker 2: Hi!\n');
  });

  it('is the source text by default', () => {
    const t = exampleTranscript();
    for (const format of EXPORT_FORMATS)
      assert.equal(exportTranscript(t, { format, text: 'source' }).content, exportTranscript(t, { format }).content);
    assert.equal(exportTranscript(t, { format: 'text' }).content, 'Ada: Hello there.\n\nSpeaker 2: Hi!\n');
  });

  it('refuses a transcript without a translation, an unknown text, and karaoke of a translation', () => {
    const untranslated = { ...exampleTranscript(), translation: null };
    for (const format of EXPORT_FORMATS)
      assertRefused(() => inTranslation(untranslated, { format }), 'text', /has none/);
    assertRefused(
      () => exportTranscript(exampleTranscript(), { format: 'text', text: 'german' as ExportOptions['text'] }),
      'text',
      /text must be one of source, translation/,
    );
    for (const format of ['srt', 'vtt'] as const)
      assertRefused(
        () => inTranslation(exampleTranscript(), { format, highlightWords: true }),
        'highlightWords',
        /no word timings/,
      );
    // Karaoke does not apply to text and json: nothing to refuse.
    assert.equal(
      inTranslation(exampleTranscript(), { format: 'text', highlightWords: true }),
      'Ada: Hola.\n\nSpeaker 2: ¡Hola!\n',
    );
  });
});
