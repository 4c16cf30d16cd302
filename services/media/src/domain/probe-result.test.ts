import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { interpretProbe } from './probe-result.ts';

const probe = (value: unknown) => interpretProbe(JSON.stringify(value));

describe('ffprobe output', () => {
  it('gives duration, container and streams of playable media', () => {
    const verdict = probe({
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.500000' },
      streams: [
        { index: 0, codec_type: 'video', codec_name: 'h264', width: 1280, height: 720, duration: '12.5' },
        { index: 1, codec_type: 'audio', codec_name: 'aac', channels: 2, sample_rate: '48000', duration: '12.48' },
      ],
    });
    assert.deepEqual(verdict, {
      ok: true,
      durationSeconds: 12.5,
      containerFormat: 'mov,mp4,m4a,3gp,3g2,mj2',
      streams: [
        {
          index: 0,
          type: 'video',
          codec: 'h264',
          channels: 0,
          sampleRate: 0,
          width: 1280,
          height: 720,
          durationSeconds: 12.5,
        },
        {
          index: 1,
          type: 'audio',
          codec: 'aac',
          channels: 2,
          sampleRate: 48000,
          width: 0,
          height: 0,
          durationSeconds: 12.48,
        },
      ],
    });
  });

  it('falls back to the longest stream when the container has no duration', () => {
    const verdict = probe({
      format: { format_name: 'ogg', duration: 'N/A' },
      streams: [{ codec_type: 'audio', duration: '3.2' }],
    });
    assert.equal(verdict.ok && verdict.durationSeconds, 3.2);
  });

  it('refuses output without streams or duration as unplayable, and media without audio', () => {
    for (const output of [
      {},
      { format: { duration: '1' }, streams: [] },
      { format: { format_name: 'wav' }, streams: [{ codec_type: 'audio' }] },
      { streams: [{ codec_type: 'audio', duration: '1' }] },
    ]) {
      assert.equal(probe(output).ok, false);
      assert.deepEqual((probe(output) as { code: string }).code, 'media_unplayable', JSON.stringify(output));
    }
    assert.deepEqual(interpretProbe('not json'), {
      ok: false,
      code: 'media_unplayable',
      message: 'The file could not be read as audio or video.',
    });
    const silent = probe({
      format: { format_name: 'mov', duration: '2' },
      streams: [{ codec_type: 'video', codec_name: 'h264' }, { codec_type: 'data' }],
    });
    assert.deepEqual(silent, {
      ok: false,
      code: 'media_no_audio',
      message: 'The file has no audio stream (found: video, data).',
    });
  });
});

describe('a rotated video stream', () => {
  const rotated = (extra: Record<string, unknown>) =>
    probe({
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '1.0' },
      streams: [
        { index: 0, codec_type: 'video', codec_name: 'h264', width: 320, height: 180, ...extra },
        { index: 1, codec_type: 'audio', codec_name: 'aac', channels: 1 },
      ],
    });
  const size = (verdict: ReturnType<typeof probe>) =>
    verdict.ok ? [verdict.streams[0]!.width, verdict.streams[0]!.height] : verdict;

  it('records the displayed size: a quarter turn swaps width and height (display matrix or rotate tag)', () => {
    // ffprobe 5.1's shape for `ffmpeg -metadata:s:v:0 rotate=90` (a phone's portrait video).
    assert.deepEqual(
      size(rotated({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: 90 }] })),
      [180, 320],
    );
    assert.deepEqual(
      size(rotated({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }] })),
      [180, 320],
    );
    assert.deepEqual(size(rotated({ tags: { rotate: '270' } })), [180, 320]);
  });

  it('keeps the coded size for no turn or a half turn', () => {
    assert.deepEqual(size(rotated({})), [320, 180]);
    assert.deepEqual(
      size(rotated({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: 180 }] })),
      [320, 180],
    );
    assert.deepEqual(size(rotated({ tags: { rotate: 'sideways' } })), [320, 180]);
  });
});
