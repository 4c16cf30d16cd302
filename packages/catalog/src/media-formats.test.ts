import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ALLOWED_DEMUXERS, audioChannels } from './media-formats.ts';

describe('ALLOWED_DEMUXERS', () => {
  it('opens the common audio and video containers', () => {
    for (const demuxer of ['wav', 'mp3', 'flac', 'ogg', 'mov', 'matroska', 'aac'] as const) {
      assert.ok(ALLOWED_DEMUXERS.includes(demuxer), demuxer);
    }
  });

  it('never a playlist or network demuxer, which would fetch the URLs a file lists', () => {
    for (const demuxer of ['hls', 'dash', 'concat', 'sdp', 'rtsp', 'rtp', 'ffconcat', 'image2', 'data', 'tee']) {
      assert.ok(!(ALLOWED_DEMUXERS as readonly string[]).includes(demuxer), demuxer);
    }
    assert.equal(new Set(ALLOWED_DEMUXERS).size, ALLOWED_DEMUXERS.length, 'no demuxer twice');
  });
});

describe('audioChannels', () => {
  it('counts the widest audio stream, ignoring video, and 0 without audio', () => {
    const stream = (type: string, channels: number) => ({ type, channels });
    assert.equal(audioChannels([stream('video', 0), stream('audio', 1), stream('audio', 6)]), 6);
    assert.equal(audioChannels([stream('video', 0)]), 0);
    assert.equal(audioChannels([]), 0);
  });
});
