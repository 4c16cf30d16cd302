import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  CLIENT_LOCAL_FEATURE,
  CLIENT_LOCAL_MICRO_CREDITS_PER_HOUR,
  DEFAULT_TRANSLATION_PAIRS,
  type EngineKind,
  executionModesFor,
  findProfile,
  isExecutionMode,
  isKnownFeature,
  microCreditsPerHourOf,
} from './index.ts';

const cpuOnly = { engines: new Set<EngineKind>(['pocketsphinx']), translations: DEFAULT_TRANSLATION_PAIRS };
const granted = new Set([CLIENT_LOCAL_FEATURE]);

describe('client-local jobs', () => {
  it('are offered to users with the feature, on profiles that opt in and are served here', () => {
    const base = findProfile('base')!;
    assert.ok(isKnownFeature(CLIENT_LOCAL_FEATURE));
    assert.deepEqual(executionModesFor(base, cpuOnly, granted), ['cloud', 'client_local']);
    assert.deepEqual(executionModesFor(base, cpuOnly, new Set()), ['cloud'], 'not without the feature');
    assert.deepEqual(executionModesFor(findProfile('oracle')!, cpuOnly, granted), ['cloud'], 'oracle does not opt in');
    assert.deepEqual(executionModesFor(findProfile('base-whisper')!, cpuOnly, granted), [], 'not served here');
  });

  it('cost nothing: the device does the work, so jobs holds no credits for them', () => {
    assert.equal(CLIENT_LOCAL_MICRO_CREDITS_PER_HOUR, 0);
    const base = findProfile('base')!;
    assert.equal(microCreditsPerHourOf(base, 'client_local'), 0);
    assert.equal(microCreditsPerHourOf(base, 'cloud'), base.microCreditsPerHour);
  });

  it('name the modes there are', () => {
    assert.ok(isExecutionMode('cloud') && isExecutionMode('client_local'));
    assert.ok(!isExecutionMode('device') && !isExecutionMode(''));
  });
});
