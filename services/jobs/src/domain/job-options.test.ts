import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { audioChannels, DEFAULT_TRANSLATION_PAIRS, findProfile, type EngineKind } from '@tp/catalog';
import { AppError } from '@tp/errors';
import { checkOptions, checkSeparableChannels } from './job-options.ts';

const cpuOnly = { engines: new Set<EngineKind>(['pocketsphinx']), translations: DEFAULT_TRANSLATION_PAIRS };
const oracle = findProfile('oracle')!;
const base = findProfile('base')!;

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof AppError, `expected an AppError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected a refusal');
}

describe('options', () => {
  it('accepts auto and the languages of the engine, keeping the options as sent', () => {
    const json = JSON.stringify({
      language: 'en',
      target_language: null,
      diarization: null,
      channel_speaker_separation: false,
      caption_burn: null,
    });
    const accepted = checkOptions(json, 'transcription', oracle, cpuOnly);
    assert.equal(accepted.language, 'en');
    assert.equal(accepted.json, json);
    assert.equal(checkOptions('', 'transcription', oracle, cpuOnly).language, 'auto');
    assert.equal(checkOptions('{}', 'transcription', oracle, cpuOnly).language, 'auto');
  });

  it('refuses a language the engine does not transcribe by naming the languages it does', () => {
    const err = refusal(() => checkOptions('{"language":"de"}', 'transcription', oracle, cpuOnly));
    assert.equal(err.code, 'unsupported_option');
    assert.match(err.message, /transcribes en only/);
    assert.deepEqual(err.details, { option: 'language', languages: ['en'] });
  });

  it('refuses a stage by name: not in the profile, or not run by this deployment', () => {
    const cases: [string, string, string, RegExp][] = [
      ['{"diarization":{"mode":"regular"}}', 'transcription', 'diarization', /not included in profile base/],
      ['{"target_language":"es"}', 'transcription', 'target_language', /not included in profile base/],
    ];
    for (const [json, type, option, message] of cases) {
      const err = refusal(() => checkOptions(json, type as 'transcription', base, cpuOnly));
      assert.equal(err.code, 'unsupported_option', json);
      assert.equal(err.details.option, option, json);
      assert.match(err.message, message);
    }
    const untranslated = { ...cpuOnly, translations: [] };
    const none = refusal(() => checkOptions('{"target_language":"es"}', 'transcription', oracle, untranslated));
    assert.match(none.message, /^Translation \(target_language\) is not available in this deployment/);
  });
});

describe('options: diarization, channels and translation', () => {
  it('accepts diarization, channels and a served target on a profile that has them', () => {
    for (const json of [
      '{"diarization":{"mode":"regular","num_speakers":2,"auto_speaker_names":true}}',
      '{"diarization":{"num_speakers":null}}',
      '{"channel_speaker_separation":true}',
      '{"target_language":"es","diarization":{}}',
    ])
      assert.equal(checkOptions(json, 'transcription', oracle, cpuOnly).json, JSON.stringify(JSON.parse(json)));
  });

  it('refuses a target nothing here translates to, naming the targets there are', () => {
    const err = refusal(() => checkOptions('{"target_language":"de"}', 'transcription', oracle, cpuOnly));
    assert.equal(err.code, 'unsupported_option');
    assert.deepEqual(err.details, { option: 'target_language', targets: ['ca', 'eo', 'es', 'gl'] });
    assert.equal(err.message, 'Profile oracle translates en into ca, eo, es, gl only; "de" is not supported.');
    const same = refusal(() =>
      checkOptions('{"language":"en","target_language":"en"}', 'transcription', oracle, cpuOnly),
    );
    assert.match(same.message, /already in en/);
  });

  it('refuses malformed options as validation errors, before any capability', () => {
    for (const json of [
      '[]',
      'null',
      '{',
      '{"language":3}',
      '{"language":"xx"}',
      '{"target_language":"xx"}',
      '{"diarization":[]}',
      '{"diarization":{"mode":"fancy"}}',
      '{"diarization":{"num_speakers":0}}',
      '{"diarization":{"num_speakers":11}}',
      '{"diarization":{"num_speakers":2.5}}',
      '{"diarization":{"auto_speaker_names":"yes"}}',
      '{"diarization":{"speakers":2}}',
      '{"colour":"red"}',
      '{"caption_burn":{"font":"x"}}',
      '{"channel_speaker_separation":"yes"}',
      '{"channel_speaker_separation":true,"diarization":{}}',
      '{"output_format":"vtt"}',
    ]) {
      assert.equal(refusal(() => checkOptions(json, 'transcription', oracle, cpuOnly)).code, 'validation_error', json);
    }
  });

  it('knows output_format: json, srt or txt, kept as sent and changing nothing else', () => {
    for (const format of ['json', 'srt', 'txt']) {
      const json = JSON.stringify({ language: 'auto', output_format: format });
      const accepted = checkOptions(json, 'transcription', oracle, cpuOnly);
      assert.equal(accepted.json, json);
      assert.equal(accepted.value.output_format, format);
      assert.equal(accepted.language, 'auto');
    }
    assert.equal(
      checkOptions('{"output_format":null}', 'transcription', oracle, cpuOnly).json,
      '{"output_format":null}',
    );
    for (const bad of ['"vtt"', '"JSON"', '""', '1', 'true', '["json"]']) {
      const err = refusal(() => checkOptions(`{"output_format":${bad}}`, 'transcription', oracle, cpuOnly));
      assert.equal(err.code, 'validation_error', bad);
      assert.deepEqual(err.details, { option: 'output_format' });
      assert.match(err.message, /output_format/);
      assert.match(err.message, /json, srt, txt/);
    }
  });
});

describe('channel speaker separation', () => {
  const media = (channels: number[]) => ({
    mediaId: 'med_1',
    streams: [{ type: 'video', channels: 0 }, ...channels.map((c) => ({ type: 'audio', channels: c }))],
  });

  it('takes a recording of 2 to 8 channels, counting its widest audio stream', () => {
    assert.equal(audioChannels(media([1, 2]).streams), 2);
    checkSeparableChannels(media([2]));
    checkSeparableChannels(media([8]));
  });

  it('refuses a mono, silent or too wide recording, saying why', () => {
    const mono = refusal(() => checkSeparableChannels(media([1])));
    assert.equal(mono.code, 'unsupported_option');
    assert.deepEqual(mono.details, { option: 'channel_speaker_separation', media_id: 'med_1', channels: 1 });
    assert.match(mono.message, /^The media med_1 has one audio channel: .* one person per channel/);
    assert.match(refusal(() => checkSeparableChannels(media([]))).message, /has no audio channel/);
    assert.match(refusal(() => checkSeparableChannels(media([12]))).message, /has 12 audio channels: .* 2 to 8/);
  });
});
