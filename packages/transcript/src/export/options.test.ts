import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_EXPORT_OPTIONS,
  EXPORT_FORMATS,
  EXPORT_LIMITS,
  ExportOptionsError,
  buildCues,
  exampleTranscript,
  exportTranscript,
  isHighlightColor,
  type ExportFormat,
  type ExportOptions,
} from '../index.ts';

describe('export options', () => {
  it('has the documented formats, defaults and limits', () => {
    assert.deepEqual([...EXPORT_FORMATS], ['text', 'json', 'srt', 'vtt']);
    assert.deepEqual(DEFAULT_EXPORT_OPTIONS, {
      text: 'source',
      includeSpeakers: true,
      includeTimestamps: false,
      includeWordTimestamps: true,
      pretty: true,
      maxCharsPerEntry: 80,
      highlightWords: false,
      highlightColor: 'yellow',
    });
    assert.deepEqual({ ...EXPORT_LIMITS }, { minCharsPerEntry: 10, maxCharsPerEntry: 500 });
    assert.ok(Object.isFrozen(DEFAULT_EXPORT_OPTIONS) && Object.isFrozen(EXPORT_LIMITS));
  });

  it('gives each format its content type and extension', () => {
    const t = exampleTranscript();
    const types = EXPORT_FORMATS.map((format) => {
      const { contentType, extension } = exportTranscript(t, { format });
      return [format, contentType, extension];
    });
    assert.deepEqual(types, [
      ['text', 'text/plain; charset=utf-8', 'txt'],
      ['json', 'application/json; charset=utf-8', 'json'],
      ['srt', 'application/x-subrip; charset=utf-8', 'srt'],
      ['vtt', 'text/vtt; charset=utf-8', 'vtt'],
    ]);
  });

  it('takes an undefined option as its default', () => {
    const t = exampleTranscript();
    for (const format of EXPORT_FORMATS) {
      const explicit = exportTranscript(t, { format, ...DEFAULT_EXPORT_OPTIONS });
      const omitted = exportTranscript(t, { format });
      const undefinedValues = exportTranscript(t, {
        format,
        includeSpeakers: undefined,
        maxCharsPerEntry: undefined,
        highlightColor: undefined,
        pretty: undefined,
      } as Partial<ExportOptions> & { format: ExportFormat });
      assert.deepEqual(omitted, explicit);
      assert.deepEqual(undefinedValues, explicit);
    }
  });

  it('is a pure function: same input, same output, input untouched', () => {
    const t = exampleTranscript();
    const before = structuredClone(t);
    for (const format of EXPORT_FORMATS) {
      const options = { format, highlightWords: true, includeWordTimestamps: false };
      assert.deepEqual(exportTranscript(t, options), exportTranscript(t, options));
    }
    assert.deepEqual(t, before);
  });
});

describe('isHighlightColor', () => {
  it('accepts CSS colour names (any case) and #rgb / #rrggbb', () => {
    for (const ok of ['yellow', 'Yellow', 'DEEPSKYBLUE', 'rebeccapurple', 'grey', '#ff0', '#FFAA00', '#1a2b3c'])
      assert.equal(isHighlightColor(ok), true, ok);
  });

  it('refuses anything else, markup and prototype keys included', () => {
    const bad = [
      '',
      ' yellow',
      'yellow ',
      'notacolor',
      '#ff',
      '#ffff',
      '#fffffff',
      '#ggg',
      'ff0000',
      'rgb(1,2,3)',
      'transparent',
      'currentcolor',
      'constructor',
      '__proto__',
      'toString',
      'red" onload="x',
      '"><script>',
      'yellow;',
    ];
    for (const value of bad) assert.equal(isHighlightColor(value), false, JSON.stringify(value));
    assert.equal(isHighlightColor(42 as unknown as string), false);
  });
});

describe('invalid options', () => {
  const t = exampleTranscript();
  const rejects = (options: Record<string, unknown>, option: string) => {
    assert.throws(
      () => exportTranscript(t, options as Partial<ExportOptions> & { format: ExportFormat }),
      (error: unknown) => error instanceof RangeError && error instanceof ExportOptionsError && error.option === option,
      JSON.stringify(options),
    );
  };

  it('refuses an unknown format', () => {
    rejects({ format: 'docx' }, 'format');
    rejects({ format: undefined }, 'format');
    rejects({ format: 'SRT' }, 'format');
  });

  it('refuses maxCharsPerEntry out of range or not an integer, for every format', () => {
    for (const format of EXPORT_FORMATS) {
      for (const bad of [9, 501, 0, -80, 80.5, Number.NaN, Infinity, '80', null])
        rejects({ format, maxCharsPerEntry: bad }, 'maxCharsPerEntry');
    }
    assert.doesNotThrow(() => exportTranscript(t, { format: 'srt', maxCharsPerEntry: 10 }));
    assert.doesNotThrow(() => exportTranscript(t, { format: 'srt', maxCharsPerEntry: 500 }));
  });

  it('refuses a bad colour, whether or not karaoke is on', () => {
    for (const format of EXPORT_FORMATS) {
      rejects({ format, highlightColor: 'red" onload="alert(1)' }, 'highlightColor');
      rejects({ format, highlightWords: true, highlightColor: '</font><script>' }, 'highlightColor');
      rejects({ format, highlightColor: 7 }, 'highlightColor');
    }
  });

  it('refuses non-boolean flags', () => {
    for (const key of ['includeSpeakers', 'includeTimestamps', 'includeWordTimestamps', 'pretty', 'highlightWords']) {
      rejects({ format: 'text', [key]: 'false' }, key);
      rejects({ format: 'srt', [key]: 1 }, key);
    }
  });

  it('buildCues checks its own options', () => {
    assert.throws(() => buildCues(t, { maxCharsPerEntry: 5, includeSpeakers: true }), RangeError);
    assert.throws(() => buildCues(t, { maxCharsPerEntry: 1000, includeSpeakers: true }), RangeError);
    assert.throws(
      () => buildCues(t, { maxCharsPerEntry: 40, includeSpeakers: 'yes' as unknown as boolean }),
      RangeError,
    );
  });
});
