import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CLIENT_LOCAL_FEATURE, DEFAULT_TRANSLATION_PAIRS, type EngineKind, findProfile } from '@tp/catalog';
import { isAppError } from '@tp/errors';
import { exampleTranscript } from '@tp/transcript';
import {
  admitDelivery,
  checkDeviceProgress,
  checkExecutionMode,
  checkReportable,
  deviceTimeout,
  holdsCredits,
  spokenDuration,
} from './client-local.ts';

const deployment = { engines: new Set<EngineKind>(['pocketsphinx']), translations: DEFAULT_TRANSLATION_PAIRS };
const base = findProfile('base')!;
const granted = new Set([CLIENT_LOCAL_FEATURE]);
const ask = (executionMode: string, more: { type?: 'transcription' | 'caption_burn'; batch?: boolean } = {}) => ({
  executionMode,
  type: more.type ?? 'transcription',
  batch: more.batch ?? false,
  features: granted,
});

/** The AppError a call throws: code and details. */
function refusal(run: () => unknown): { code: string; message: string; details: Record<string, unknown> } {
  try {
    run();
  } catch (err) {
    assert.ok(isAppError(err), String(err));
    return { code: err.code, message: err.message, details: err.details };
  }
  assert.fail('expected a refusal');
}

describe('the execution mode of a creation', () => {
  it('is cloud unless asked, and client_local where the user, the request and the profile allow it', () => {
    assert.equal(checkExecutionMode(ask(''), base, deployment), 'cloud');
    assert.equal(checkExecutionMode(ask('cloud'), findProfile('oracle')!, deployment), 'cloud');
    assert.equal(checkExecutionMode(ask('client_local'), base, deployment), 'client_local');
  });

  it('refuses client_local without the feature (403 feature_required naming it)', () => {
    const r = refusal(() => checkExecutionMode({ ...ask('client_local'), features: new Set() }, base, deployment));
    assert.equal(r.code, 'feature_required');
    assert.deepEqual(r.details, { feature_key: 'jobs.client_local' });
  });

  it('refuses an unknown mode, a caption burn and a batch on the device', () => {
    assert.equal(refusal(() => checkExecutionMode(ask('device'), base, deployment)).code, 'validation_error');
    const burn = refusal(() => checkExecutionMode(ask('client_local', { type: 'caption_burn' }), base, deployment));
    assert.deepEqual([burn.code, burn.details.field], ['validation_error', 'execution_mode']);
    const batch = refusal(() => checkExecutionMode(ask('client_local', { batch: true }), base, deployment));
    assert.match(batch.message, /one media/);
  });

  it('refuses a profile without the mode as unsupported_option, naming the modes it has and the profiles that offer it', () => {
    const r = refusal(() => checkExecutionMode(ask('client_local'), findProfile('oracle')!, deployment));
    assert.equal(r.code, 'unsupported_option');
    assert.deepEqual(r.details, { option: 'execution_mode', execution_modes: ['cloud'] });
    assert.equal(r.message, 'Profile oracle runs cloud jobs only; client_local is offered by base.');
  });

  it('holds credits for cloud jobs only (client-local jobs cost nothing)', () => {
    assert.equal(holdsCredits({ itemCount: 0 }, base), true);
    assert.equal(holdsCredits({ itemCount: 0, executionMode: 'client_local' }, base), false);
    assert.equal(holdsCredits({ itemCount: 2 }, base), false, 'a batch parent holds nothing');
  });
});

describe('a device reporting on a job', () => {
  it('needs a client-local job that has not ended', () => {
    assert.doesNotThrow(() => checkReportable({ id: 'job_1', status: 'running', executionMode: 'client_local' }));
    const cloud = refusal(() => checkReportable({ id: 'job_1', status: 'queued', executionMode: 'cloud' }));
    assert.equal(cloud.code, 'not_client_local');
    const ended = refusal(() => checkReportable({ id: 'job_1', status: 'cancelled', executionMode: 'client_local' }));
    assert.deepEqual(
      [ended.code, ended.message],
      ['job_not_running', 'Job job_1 is cancelled; it takes no more progress or transcripts.'],
    );
  });

  it('reports progress from 0 to 100', () => {
    assert.equal(checkDeviceProgress(40), 40);
    for (const bad of [-1, 100.5, Number.NaN])
      assert.equal(refusal(() => checkDeviceProgress(bad)).code, 'validation_error');
  });
});

describe('a delivered transcript', () => {
  const job = { id: 'job_7', mediaId: 'med_7', profile: 'base', mediaDurationSeconds: 5 };

  it('is admitted with its source naming the job, its media and profile', () => {
    const admitted = admitDelivery(JSON.stringify(exampleTranscript()), job);
    assert.deepEqual(admitted.source, { media_id: 'med_7', job_id: 'job_7', profile: 'base', engine: 'pocketsphinx' });
    assert.equal(admitted.segments.length, 2);
  });

  it('is refused with the issues of an invalid transcript', () => {
    const r = refusal(() => admitDelivery(JSON.stringify({ ...exampleTranscript(), version: 2 }), job));
    assert.equal(r.code, 'validation_error');
    assert.deepEqual(r.details.issues, [{ loc: ['version'], msg: 'Input should be 1', type: 'literal_error' }]);
    const notJson = refusal(() => admitDelivery('{', job));
    assert.equal((notJson.details.issues as { type: string }[])[0]!.type, 'json_invalid');
  });

  it('is refused where a time lies past the media’s end beyond the tolerance, naming each', () => {
    const t = exampleTranscript();
    t.duration = 6;
    t.segments[1]!.end = 6;
    t.segments[1]!.words[0]!.end = 5.6;
    const r = refusal(() => admitDelivery(JSON.stringify(t), job));
    assert.deepEqual(
      (r.details.issues as { loc: unknown[] }[]).map((i) => i.loc),
      [['duration'], ['segments', 1, 'end'], ['segments', 1, 'words', 0, 'end']],
    );
    t.duration = 5.5;
    t.segments[1]!.end = 5.5;
    t.segments[1]!.words[0]!.end = 5.4;
    assert.equal(admitDelivery(JSON.stringify(t), job).duration, 5.5, 'within the tolerance');
  });
});

describe('the idle timeout', () => {
  it('says how long the device was silent', () => {
    assert.equal(spokenDuration(15 * 60_000), '15 minutes');
    assert.equal(spokenDuration(60_000), '1 minute');
    assert.equal(spokenDuration(8_000), '8 seconds');
    assert.deepEqual(deviceTimeout(15 * 60_000), {
      code: 'device_timeout',
      message: 'No progress report or transcript came from the device for 15 minutes; the job failed.',
    });
  });
});
