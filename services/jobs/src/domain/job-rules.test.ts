import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { EngineKind } from '@tp/catalog';
import { AppError } from '@tp/errors';
import {
  billingStepFor,
  canTransition,
  checkMediaIds,
  checkStatusFilter,
  decodeCursor,
  encodeCursor,
  expectedChargeMicro,
  failureCode,
  failureMessage,
  isTerminal,
  nextProgress,
  resolveProfile,
} from './job-rules.ts';

const cpuOnly = { engines: new Set<EngineKind>(['pocketsphinx']), translations: [] };
const everyEngine = { engines: new Set<EngineKind>(['pocketsphinx', 'whisper']), translations: [] };

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof AppError, `expected an AppError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected a refusal');
}

describe('job state transitions', () => {
  it('follows the lifecycle: queued → running → an end, queued → cancelled; nothing leaves an end', () => {
    assert.ok(canTransition('queued', 'running'));
    assert.ok(canTransition('queued', 'cancelled'));
    assert.ok(canTransition('running', 'succeeded'));
    assert.ok(canTransition('running', 'failed'));
    assert.ok(canTransition('running', 'cancelled'));
    assert.ok(!canTransition('queued', 'succeeded'), 'a job succeeds only after running');
    assert.ok(!canTransition('running', 'queued'));
    for (const end of ['succeeded', 'failed', 'cancelled'] as const) {
      assert.ok(isTerminal(end));
      for (const to of ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const)
        assert.ok(!canTransition(end, to), `${end} → ${to}`);
    }
    assert.ok(!isTerminal('queued') && !isTerminal('running'));
  });

  it('settles a success and releases every other end', () => {
    assert.equal(billingStepFor('succeeded'), 'settle_pending');
    assert.equal(billingStepFor('failed'), 'release_pending');
    assert.equal(billingStepFor('cancelled'), 'release_pending');
    assert.throws(() => billingStepFor('running'), RangeError);
  });
});

describe('profiles', () => {
  it('serves a public profile whose engine this deployment runs', () => {
    assert.equal(resolveProfile('oracle', new Set(), cpuOnly).codename, 'oracle');
  });

  it('calls unknown profiles and internal ones without the feature alike: Unknown profile', () => {
    for (const name of ['nope', 'oracle-max']) {
      const err = refusal(() => resolveProfile(name, new Set(), everyEngine));
      assert.equal(err.code, 'validation_error');
      assert.match(err.message, /^Unknown profile/);
    }
    assert.equal(
      resolveProfile('oracle-max', new Set(['profile.oracle-max']), { engines: new Set(['whisper']), translations: [] })
        .codename,
      'oracle-max',
    );
  });

  it('refuses a profile whose engine is not run here, naming it, its engine and what is served', () => {
    const err = refusal(() => resolveProfile('oracle-pro', new Set(), cpuOnly));
    assert.equal(err.code, 'profile_unavailable');
    assert.match(err.message, /oracle-pro/);
    assert.match(err.message, /whisper/);
    assert.match(err.message, /oracle, oracle-mini, base/);
    assert.deepEqual(err.details, {
      profile: 'oracle-pro',
      engine: 'whisper',
      model: 'small.en',
      available_profiles: ['oracle', 'oracle-mini', 'base'],
    });
  });

  it('refuses a profile whose model the whisper pools do not have, and serves the one they do', () => {
    const features = new Set(['profile.base-whisper']);
    const baseOnly = {
      engines: new Set<EngineKind>(['pocketsphinx', 'whisper']),
      models: new Map([['whisper' as EngineKind, new Set(['base.en'])]]),
      translations: [],
    };
    const err = refusal(() => resolveProfile('oracle-pro', features, baseOnly));
    assert.equal(err.code, 'profile_unavailable');
    assert.match(err.message, /model small\.en, whose weights this deployment's workers do not have/);
    assert.deepEqual(err.details, {
      profile: 'oracle-pro',
      engine: 'whisper',
      model: 'small.en',
      available_profiles: ['oracle', 'oracle-mini', 'base-whisper', 'base'],
    });
    assert.equal(resolveProfile('base-whisper', features, baseOnly).model, 'base.en');
  });
});

describe('media of a request', () => {
  it('takes exactly one media for a job and 1..max distinct media for a batch', () => {
    assert.deepEqual(checkMediaIds(['med_1'], false, 50), ['med_1']);
    assert.deepEqual(checkMediaIds(['med_1', 'med_2'], true, 50), ['med_1', 'med_2']);
    assert.equal(refusal(() => checkMediaIds(['med_1', 'med_2'], false, 50)).code, 'validation_error');
    assert.equal(refusal(() => checkMediaIds([], false, 50)).code, 'validation_error');
    assert.equal(refusal(() => checkMediaIds([], true, 50)).code, 'validation_error');
    assert.equal(refusal(() => checkMediaIds(['a', 'b', 'c'], true, 2)).code, 'validation_error');
    assert.equal(refusal(() => checkMediaIds(['med_1', 'med_1'], true, 50)).code, 'validation_error');
    assert.equal(refusal(() => checkMediaIds(['med/1'], false, 50)).code, 'validation_error');
  });
});

describe('small rules', () => {
  it('keeps progress within 0..100 and never moves it back', () => {
    assert.equal(nextProgress(10, 40), 40);
    assert.equal(nextProgress(40, 10), 40);
    assert.equal(nextProgress(0, 150), 100);
    assert.equal(nextProgress(0, -5), 0);
    assert.equal(refusal(() => nextProgress(0, Number.NaN)).code, 'bad_request');
  });

  it('round-trips list cursors and refuses forged ones', () => {
    assert.equal(decodeCursor(encodeCursor('job_01abc')), 'job_01abc');
    assert.equal(decodeCursor(''), null);
    assert.equal(refusal(() => decodeCursor(Buffer.from('../x').toString('base64url'))).code, 'bad_request');
  });

  it('records stable failure codes and clean messages', () => {
    assert.equal(failureCode('decode_failed'), 'decode_failed');
    assert.equal(failureCode('Bad Code!'), 'transcription_failed');
    assert.equal(failureMessage(' boom\n'), 'boom');
    assert.equal(failureMessage(''), 'The job failed.');
    assert.equal(failureMessage('x'.repeat(5000)).length, 1000);
  });

  it('knows the status filter values', () => {
    assert.equal(checkStatusFilter(''), null);
    assert.equal(checkStatusFilter('running'), 'running');
    assert.equal(refusal(() => checkStatusFilter('done')).code, 'validation_error');
  });
});

describe('expected charge', () => {
  it('is the catalog price of the seconds, never above the hold', () => {
    const words = (profile: string) => ({ type: 'transcription', profile });
    assert.equal(expectedChargeMicro(words('oracle'), 10_000n, 6.17), 1_714n);
    assert.equal(expectedChargeMicro(words('base'), 400_000n, 3600), 400_000n);
    assert.equal(expectedChargeMicro(words('oracle'), 1_000n, 60), 1_000n, 'capped by the hold');
    assert.equal(expectedChargeMicro(words('oracle'), 5_000n, 0), 0n);
    const burn = { type: 'caption_burn', profile: 'base' };
    assert.equal(expectedChargeMicro(burn, 1_200_000n, 90), 30_000n, 'a caption burn at its own rate, not base');
  });
});
