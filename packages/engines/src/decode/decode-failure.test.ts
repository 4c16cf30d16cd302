import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classifyDecodeFailure, firstFfmpegError, sanitizeFfmpegLine } from './decode-failure.ts';

const URL =
  'http://127.0.0.1:9000/media/users/usr_1/med_1/source?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=abcdef0123';

describe('sanitizeFfmpegLine', () => {
  it('removes the presigned URL, any other URL, queries and paths', () => {
    assert.equal(
      sanitizeFfmpegLine(`${URL}: Invalid data found when processing input`, URL),
      '<media>: Invalid data found when processing input',
    );
    assert.equal(
      sanitizeFfmpegLine(`https://s3.example.com:443/b/k?X-Amz-Signature=zz: Server returned 403 Forbidden`),
      '<media>: Server returned 403 Forbidden',
    );
    assert.equal(
      sanitizeFfmpegLine('/tmp/worker-x/corrupt.bin: Invalid data found when processing input'),
      '<media>: Invalid data found when processing input',
    );
    assert.ok(!sanitizeFfmpegLine(`[http @ 0x1] Opening '${URL}' for reading`).includes('Signature'));
  });

  it('flattens control characters and bounds the length', () => {
    assert.equal(sanitizeFfmpegLine('a\tb\u0007c'), 'a b c');
    assert.equal(sanitizeFfmpegLine('x'.repeat(1000)).length, 300);
  });
});

describe('classifyDecodeFailure', () => {
  const exit = { code: 1, signal: null };

  it('calls undecodable bytes unreadable, with the first error line', () => {
    const stderr = `${URL}: Invalid data found when processing input\nsecond line\n`;
    assert.deepEqual(classifyDecodeFailure(exit, stderr, URL), {
      kind: 'unreadable',
      detail: '<media>: Invalid data found when processing input',
    });
    assert.equal(
      firstFfmpegError('\n\n  \nOutput file #0 does not contain any stream\n'),
      'Output file #0 does not contain any stream',
    );
  });

  it('calls a missing object unavailable and storage trouble transient', () => {
    assert.equal(
      classifyDecodeFailure(exit, `[http @ 0x5] HTTP error 404 Not Found\n${URL}: Server returned 404 Not Found`, URL)
        .kind,
      'unavailable',
    );
    assert.equal(classifyDecodeFailure(exit, `${URL}: Server returned 5XX Server Error reply`, URL).kind, 'transient');
    assert.equal(classifyDecodeFailure(exit, `${URL}: Connection refused`, URL).kind, 'transient');
    assert.equal(classifyDecodeFailure({ code: null, signal: 'SIGKILL' }, '', URL).kind, 'transient');
  });

  it('says something when ffmpeg printed nothing', () => {
    assert.deepEqual(classifyDecodeFailure({ code: 69, signal: null }, ''), {
      kind: 'unreadable',
      detail: 'ffmpeg exited with code 69',
    });
  });
});
