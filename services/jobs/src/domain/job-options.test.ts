import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { audioChannels, DEFAULT_TRANSLATION_PAIRS, findProfile, type EngineKind } from '@tp/catalog';
import { AppError } from '@tp/errors';
import { jobOptionsFromView, jobOptionsView } from '@tp/job-options';
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

/** The message of an options object as the API writes it (the view's one decoder). */
const given = (view: Record<string, unknown>) => jobOptionsFromView(view);
const check = (view: Record<string, unknown>, profile = oracle, deployment = cpuOnly) =>
  checkOptions(given(view), 'transcription', profile, deployment);

describe('options', () => {
  it('accepts auto and the languages of the engine, keeping the options as sent', () => {
    const sent = {
      language: 'en',
      target_language: null,
      diarization: null,
      channel_speaker_separation: false,
      caption_burn: null,
    };
    const accepted = check(sent);
    assert.equal(accepted.language, 'en');
    assert.equal(JSON.stringify(jobOptionsView(accepted.message)), JSON.stringify(sent));
    assert.equal(check({}).language, 'auto');
    // No message at all: a gateway of the previous release sent the options as a JSON string, unread here.
    const older = refusal(() => checkOptions(undefined, 'transcription', oracle, cpuOnly));
    assert.equal(older.code, 'service_unavailable');
  });

  it('refuses a language the engine does not transcribe by naming the languages it does', () => {
    const err = refusal(() => check({ language: 'de' }));
    assert.equal(err.code, 'unsupported_option');
    assert.match(err.message, /transcribes en only/);
    assert.deepEqual(err.details, { option: 'language', languages: ['en'] });
  });

  it('refuses a stage by name: not in the profile, or not run by this deployment', () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ diarization: { mode: 'regular' } }, 'diarization', /not included in profile base/],
      [{ target_language: 'es' }, 'target_language', /not included in profile base/],
    ];
    for (const [view, option, message] of cases) {
      const err = refusal(() => check(view, base));
      assert.equal(err.code, 'unsupported_option', JSON.stringify(view));
      assert.equal(err.details.option, option, JSON.stringify(view));
      assert.match(err.message, message);
    }
    const untranslated = { ...cpuOnly, translations: [] };
    const none = refusal(() => check({ target_language: 'es' }, oracle, untranslated));
    assert.match(none.message, /^Translation \(target_language\) is not available in this deployment/);
  });
});

describe('options: diarization, channels and translation', () => {
  it('accepts diarization, channels and a served target on a profile that has them', () => {
    for (const view of [
      { diarization: { mode: 'regular', num_speakers: 2, auto_speaker_names: true } },
      { diarization: { num_speakers: null } },
      { channel_speaker_separation: true },
      { target_language: 'es', diarization: {} },
      { target_language: null, diarization: null, channel_speaker_separation: true },
    ])
      assert.deepEqual(jobOptionsView(check(view).message), view);
  });

  it('refuses a target nothing here translates to, naming the targets there are', () => {
    const err = refusal(() => check({ target_language: 'de' }));
    assert.equal(err.code, 'unsupported_option');
    assert.deepEqual(err.details, { option: 'target_language', targets: ['ca', 'eo', 'es', 'gl'] });
    assert.equal(err.message, 'Profile oracle translates en into ca, eo, es, gl only; "de" is not supported.');
    const same = refusal(() => check({ language: 'en', target_language: 'en' }));
    assert.match(same.message, /already in en/);
  });

  it('refuses values out of range as validation errors, before any capability', () => {
    for (const view of [
      { language: 'xx' },
      { target_language: 'xx' },
      { diarization: { mode: 'fancy' } },
      { diarization: { num_speakers: 0 } },
      { diarization: { num_speakers: 11 } },
      { caption_burn: { font_family: 'DejaVu Sans' } },
      { channel_speaker_separation: true, diarization: {} },
      { output_format: 'vtt' },
    ]) {
      assert.equal(refusal(() => check(view, base)).code, 'validation_error', JSON.stringify(view));
    }
  });

  it('knows output_format: json, srt or txt, kept as sent and changing nothing else', () => {
    for (const format of ['json', 'srt', 'txt']) {
      const accepted = check({ language: 'auto', output_format: format });
      assert.deepEqual(jobOptionsView(accepted.message), { language: 'auto', output_format: format });
      assert.equal(accepted.language, 'auto');
    }
    for (const bad of ['vtt', 'JSON', '']) {
      const err = refusal(() => check({ output_format: bad }));
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
