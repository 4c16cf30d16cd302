import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AUDIO_ONLY_CANVAS, CaptionBurnOptionsSchema } from '@tp/captions';
import { type JobOptions, jobOptionsFromView } from '@tp/job-options';
import {
  burnPercent,
  captionBurnPlan,
  checkOutput,
  exportFileName,
  ffmpegFailed,
  frameOf,
  mediaExportPayload,
  videoSize,
} from './caption-burn-job.ts';

const style = CaptionBurnOptionsSchema.parse({ transcript_artifact_id: 'art_1', transcript_version_id: 'ver_1' });

describe('caption burn jobs', () => {
  it('burn the transcript version jobs pinned, in the style the job shows', () => {
    const plan = captionBurnPlan(jobOptionsFromView({ language: 'auto', caption_burn: style }));
    assert.deepEqual(plan, { style, transcript: { artifactId: 'art_1', versionId: 'ver_1' } });
  });

  it('fail job_options_unreadable without the block jobs accepted, never filling it in', () => {
    const { font_size: _, ...lacking } = style;
    const cases: [JobOptions | undefined, RegExp][] = [
      [undefined, /its options could not be read/],
      [jobOptionsFromView({ language: 'auto' }), /no caption_burn block/],
      [jobOptionsFromView({ caption_burn: null }), /no caption_burn block/],
      [jobOptionsFromView({ caption_burn: lacking }), /lacks font_size/],
      [jobOptionsFromView({ caption_burn: { ...style, font_size: 2 } }), /not one jobs accepts/],
      [jobOptionsFromView({ caption_burn: { ...style, transcript_version_id: null } }), /names no transcript version/],
    ];
    for (const [options, why] of cases) {
      const { failure } = captionBurnPlan(options) as { failure: { errorCode: string; errorMessage: string } };
      assert.equal(failure.errorCode, 'job_options_unreadable', JSON.stringify(options));
      assert.match(failure.errorMessage, why);
    }
  });

  it('burn into the first moving video stream, or a canvas for audio-only media and cover art', () => {
    const audio = { type: 'audio', codec: 'aac', width: 0, height: 0 };
    assert.deepEqual(videoSize([audio, { type: 'video', codec: 'h264', width: 640, height: 360 }]), {
      width: 640,
      height: 360,
    });
    assert.equal(videoSize([audio]), null);
    assert.equal(videoSize([audio, { type: 'video', codec: 'mjpeg', width: 500, height: 500 }]), null, 'cover art');
    assert.deepEqual(frameOf(null), { width: AUDIO_ONLY_CANVAS.width, height: AUDIO_ONLY_CANVAS.height });
  });

  it('report progress below 100 and accept only an H.264 and AAC output of some length', () => {
    assert.deepEqual([0, 0.424, 1, Number.NaN, -1].map(burnPercent), [0, 42, 99, 0, 0]);
    const streams = [
      { type: 'video', codec: 'h264', width: 160, height: 120 },
      { type: 'audio', codec: 'aac' },
    ];
    assert.deepEqual(checkOutput({ durationSeconds: 5.0004, streams }), {
      durationSeconds: 5,
      width: 160,
      height: 120,
    });
    for (const bad of [
      { durationSeconds: 0, streams },
      { durationSeconds: 5, streams: streams.slice(0, 1) },
      { durationSeconds: 5, streams: [{ type: 'video', codec: 'hevc' }, streams[1]!] },
    ])
      assert.ok('failure' in checkOutput(bad));
  });

  it('describe the export in its payload and name its file after the media', () => {
    const plan = { style, transcript: { artifactId: 'art_1', versionId: 'ver_1' } };
    const output = { durationSeconds: 5, width: 1280, height: 720 };
    assert.deepEqual(mediaExportPayload({ jobId: 'job_1', mediaId: 'med_1', plan, output }), {
      format: 'mp4',
      job_id: 'job_1',
      media_id: 'med_1',
      transcript_artifact_id: 'art_1',
      transcript_version_id: 'ver_1',
      duration_seconds: 5,
      width: 1280,
      height: 720,
      video_codec: 'h264',
      audio_codec: 'aac',
      style,
    });
    assert.equal(exportFileName('talk.final.mov', 'job_1'), 'talk.final-captions.mp4');
    assert.equal(exportFileName(undefined, 'job_1'), 'job_1-captions.mp4');
    assert.equal(
      ffmpegFailed('Invalid data found when processing input.').errorMessage,
      'The captions could not be burnt into the media: ffmpeg: Invalid data found when processing input.',
    );
  });
});
