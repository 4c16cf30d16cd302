import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findProfile, type EngineKind } from '@tp/catalog';
import { AppError } from '@tp/errors';
import { checkOptions } from './job-options.ts';

const cpuOnly = { engines: new Set<EngineKind>(['pocketsphinx']) };
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
      ['{"diarization":{"mode":"regular"}}', 'transcription', 'diarization', /not available in this deployment/],
      ['{"target_language":"fr"}', 'transcription', 'target_language', /not available in this deployment/],
      ['{"channel_speaker_separation":true}', 'transcription', 'channel_speaker_separation', /not available/],
      ['{"caption_burn":{"font":"x"}}', 'caption_burn', 'type', /not available in this deployment/],
    ];
    for (const [json, type, option, message] of cases) {
      const err = refusal(() => checkOptions(json, type as 'transcription', oracle, cpuOnly));
      assert.equal(err.code, 'unsupported_option', json);
      assert.deepEqual(err.details, { option });
      assert.match(err.message, message);
    }
    const notInTier = refusal(() => checkOptions('{"diarization":{}}', 'transcription', base, cpuOnly));
    assert.equal(notInTier.message, 'Speaker diarization is not included in profile base.');
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
