import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mediaTypeOf } from './content-types.ts';

describe('mediaTypeOf', () => {
  it('keeps a declared audio or video type, without parameters', () => {
    assert.equal(mediaTypeOf('audio/mpeg', 'x.wav'), 'audio/mpeg');
    assert.equal(mediaTypeOf('Video/MP4; codecs=avc1', 'x'), 'video/mp4');
  });

  it('infers from the extension when the client sent a generic type', () => {
    assert.equal(mediaTypeOf('application/octet-stream', 'talk.WAV'), 'audio/wav');
    assert.equal(mediaTypeOf('', 'clip.mp4'), 'video/mp4');
  });

  it('leaves unknown files as declared, for media to refuse', () => {
    assert.equal(mediaTypeOf('text/plain', 'notes.txt'), 'text/plain');
  });
});
