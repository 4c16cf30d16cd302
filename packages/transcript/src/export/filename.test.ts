import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EXPORT_FILE_TYPES, EXPORT_FORMATS, exportFileName, type ExportFormat } from '../index.ts';

describe('exportFileName', () => {
  it('appends the extension of each format', () => {
    assert.deepEqual(
      EXPORT_FORMATS.map((f) => exportFileName('Board meeting', f)),
      ['Board meeting.txt', 'Board meeting.json', 'Board meeting.srt', 'Board meeting.vtt'],
    );
    assert.deepEqual(
      EXPORT_FORMATS.map((f) => EXPORT_FILE_TYPES[f].extension),
      ['txt', 'json', 'srt', 'vtt'],
    );
  });

  it('falls back to "transcript" when nothing is left', () => {
    for (const title of [null, undefined, '', '   ', '///', '...', '日本語の会議', '"\'`', '\u0000\u0007', '.mp4']) {
      assert.equal(exportFileName(title, 'srt'), 'transcript.srt', JSON.stringify(title));
    }
  });

  it('keeps ASCII, drops accents, and turns everything else into spaces', () => {
    assert.equal(exportFileName('Café crème – Straße & Søren', 'text'), 'Cafe creme Strasse Soren.txt');
    assert.equal(exportFileName('Q&A: "2024" <final>?', 'vtt'), 'Q A 2024 final.vtt');
    assert.equal(exportFileName('tab\there\nnewline\r\n', 'json'), 'tab here newline.json');
  });

  it('never yields a path, a hidden file or a header-breaking character', () => {
    const nasty = [
      '../../etc/passwd',
      '..\\..\\windows\\system32',
      '/absolute/path',
      'C:\\Users\\x',
      '.bashrc',
      '-rf',
      'a"; filename=evil.exe',
      'name\r\nSet-Cookie: x=1',
      '%2e%2e%2f',
      'a\u202eexe.txt',
      '\ud800lone surrogate',
    ];
    for (const title of nasty) {
      const name = exportFileName(title, 'srt');
      assert.match(name, /^[A-Za-z0-9][A-Za-z0-9._ -]*\.srt$/, `${JSON.stringify(title)} → ${name}`);
    }
    assert.equal(exportFileName('../../etc/passwd', 'srt'), 'etc passwd.srt');
  });

  it('drops a media extension from the title', () => {
    assert.equal(exportFileName('interview.mp4', 'srt'), 'interview.srt');
    assert.equal(exportFileName('Episode 12.FLAC', 'vtt'), 'Episode 12.vtt');
    assert.equal(exportFileName('version 1.2', 'text'), 'version 1.2.txt');
  });

  it('is at most 100 characters before the extension, with no trailing dot or space', () => {
    const name = exportFileName(`${'word '.repeat(19)}abcdefgh. tail`, 'json');
    assert.ok(name.length <= 100 + '.json'.length, name);
    assert.ok(!/[. ]\.json$/.test(name), name);
    assert.equal(exportFileName('x'.repeat(500), 'text'), `${'x'.repeat(100)}.txt`);
  });

  it('does not produce a Windows device name', () => {
    assert.equal(exportFileName('CON', 'text'), 'CON_.txt');
    assert.equal(exportFileName('nul', 'srt'), 'nul_.srt');
    assert.equal(exportFileName('console', 'srt'), 'console.srt');
  });

  it('refuses an unknown format', () => {
    assert.throws(() => exportFileName('x', 'docx' as ExportFormat), RangeError);
    assert.throws(() => exportFileName('x', 'constructor' as ExportFormat), RangeError);
  });
});
