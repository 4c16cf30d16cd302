import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dispositionFileName, remoteContentType, remoteFileName } from './remote-files.ts';

describe('remote file names', () => {
  it('come from Content-Disposition (filename* first), else the URL path, else "download"', () => {
    assert.equal(dispositionFileName(`attachment; filename="a \\"b\\".wav"`), 'a "b".wav');
    assert.equal(dispositionFileName(`attachment; filename=plain.mp3`), 'plain.mp3');
    assert.equal(dispositionFileName(`attachment; filename="x.wav"; filename*=UTF-8''%C3%A9t%C3%A9.wav`), 'été.wav');
    assert.equal(dispositionFileName(`attachment; filename*=iso-8859-1''%E9.wav`), 'é.wav');
    assert.equal(dispositionFileName('inline'), null);
    const url = new URL('https://example.com/talks/My%20Talk.mp3?token=1');
    assert.equal(remoteFileName(url, undefined), 'My Talk.mp3');
    assert.equal(remoteFileName(url, 'attachment; filename="given.wav"'), 'given.wav');
    assert.equal(remoteFileName(new URL('https://example.com/'), 'attachment; filename=".."'), 'download');
  });

  it('are stored with the response type when it is media, else the extension type', () => {
    assert.equal(remoteContentType('audio/mpeg; charset=binary', 'a.bin'), 'audio/mpeg');
    assert.equal(remoteContentType('application/octet-stream', 'a.WAV'), 'audio/wav');
    assert.equal(remoteContentType(undefined, 'clip.mp4'), 'video/mp4');
    assert.equal(remoteContentType('text/html', 'page'), 'application/octet-stream');
  });
});
