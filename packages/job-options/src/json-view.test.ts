import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { JobOptions } from '@tp/proto';
import { captionBurnFromView, captionBurnView, jobOptionsFromView, jobOptionsView } from './index.ts';

/** The options text the previous releases stored (and answered), byte for byte. */
const STORED = {
  // POST /api/v1/jobs: the gateway's schema fills every option in.
  api: '{"language":"en","target_language":null,"diarization":null,"channel_speaker_separation":false,"caption_burn":null}',
  apiDiarized:
    '{"language":"auto","target_language":"de","diarization":{"mode":"regular","num_speakers":null,"auto_speaker_names":true},"channel_speaker_separation":false,"caption_burn":null}',
  // POST /transcribe: only what the body asked for.
  product: '{"language":"en","output_format":"json"}',
  productDiarized: '{"language":"auto","target_language":"fr","diarization":{},"output_format":"srt"}',
  productSeparated: '{"language":"auto","channel_speaker_separation":true,"output_format":"txt"}',
  // A caption burn: every field filled in, the transcript pinned.
  captionBurn:
    '{"language":"auto","target_language":null,"diarization":null,"channel_speaker_separation":false,"caption_burn":{"transcript_artifact_id":"art_1","transcript_version_id":"ver_1","font_family":"DejaVu Sans","font_size":48,"bold":false,"primary_color":"#FFFFFF","outline_color":"#000000","outline_width":2.5,"background_color":null,"alignment":"bottom_center","margin_x":48,"margin_y":48,"max_chars_per_line":42,"max_lines_per_cue":2,"karaoke":true,"highlight_color":"#FFFF00","canvas_color":"#000000"}}',
  empty: '{}',
};

describe('the JSON view of job options', () => {
  it('reads every stored form back to the same text, key order included', () => {
    for (const [name, text] of Object.entries(STORED)) {
      const message = jobOptionsFromView(JSON.parse(text));
      assert.equal(JSON.stringify(jobOptionsView(message)), text, name);
    }
  });

  it('keeps null apart from absent, through the protobuf wire too', () => {
    const given = jobOptionsFromView({ language: 'en', target_language: null, diarization: { num_speakers: null } });
    assert.deepEqual(given, {
      language: 'en',
      targetLanguageNull: 'NULL_VALUE',
      diarization: { numSpeakersNull: 'NULL_VALUE' },
    });
    const wired = JobOptions.decode(JobOptions.encode(given).finish());
    assert.deepEqual(jobOptionsView(wired), {
      language: 'en',
      target_language: null,
      diarization: { num_speakers: null },
    });
    assert.deepEqual(jobOptionsView({}), {});
  });

  it('maps every field of the message to its key', () => {
    const message: JobOptions = {
      language: 'pt',
      targetLanguage: 'en',
      diarization: { mode: 'regular', numSpeakers: 3, autoSpeakerNames: false },
      channelSpeakerSeparation: false,
      captionBurn: {
        transcriptArtifactId: 'art_1',
        transcriptVersionId: 'ver_2',
        fontFamily: 'DejaVu Serif',
        fontSize: 40,
        bold: true,
        primaryColor: '#FFFFFF',
        outlineColor: '#000000',
        outlineWidth: 0,
        backgroundColor: '#00000080',
        alignment: 'top_left',
        marginX: 10,
        marginY: 20,
        maxCharsPerLine: 30,
        maxLinesPerCue: 1,
        karaoke: false,
        highlightColor: '#FF0000',
        canvasColor: '#101010',
      },
      outputFormat: 'json',
    };
    const view = jobOptionsView(message);
    assert.equal(Object.keys(view).length, 6);
    assert.equal(Object.keys(view.caption_burn as object).length, 17);
    assert.deepEqual(jobOptionsFromView(JSON.parse(JSON.stringify(view))), message);
    assert.deepEqual(captionBurnFromView(captionBurnView(message.captionBurn!)), message.captionBurn);
  });

  it('refuses what a release never stored, naming the key, and fills nothing in', () => {
    const refusals: [unknown, RegExp][] = [
      ['not an object', /options must be an object/],
      [[], /options must be an object/],
      [null, /options must be an object/],
      [{ speakers: 2 }, /options has an unknown key "speakers"/],
      [{ language: null }, /options\.language cannot be null/],
      [{ language: 7 }, /options\.language must be a string/],
      [{ channel_speaker_separation: 'yes' }, /options\.channel_speaker_separation must be true or false/],
      [{ diarization: [] }, /options\.diarization must be an object/],
      [{ diarization: { num_speakers: 2.5 } }, /options\.diarization\.num_speakers must be an integer/],
      [{ diarization: { speakers: 2 } }, /options\.diarization has an unknown key "speakers"/],
      [{ caption_burn: { font_size: '48' } }, /options\.caption_burn\.font_size must be an integer/],
      [{ caption_burn: { outline_width: null } }, /options\.caption_burn\.outline_width cannot be null/],
    ];
    for (const [view, message] of refusals)
      assert.throws(
        () => jobOptionsFromView(view),
        (err: { code?: string; message?: string }) =>
          err.code === 'job_options_unreadable' && message.test(err.message!),
        JSON.stringify(view),
      );
  });
});
