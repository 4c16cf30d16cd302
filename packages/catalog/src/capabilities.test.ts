import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  BUILT_EXECUTION_MODES,
  BUILT_STAGES,
  DEFAULT_TRANSLATION_PAIRS,
  type EngineKind,
  findProfile,
  PROFILES,
  profileCapabilities,
  stageRefusal,
  STAGES,
  translationRefusal,
} from './index.ts';

const translations = DEFAULT_TRANSLATION_PAIRS;
const cpuOnly = { engines: new Set<EngineKind>(['pocketsphinx']), translations };
const everyEngine = { engines: new Set<EngineKind>(['pocketsphinx', 'whisper']), translations };

describe('profile capabilities', () => {
  it('offer a profile whose engine is deployed, with its engine languages and word times', () => {
    const oracle = profileCapabilities(findProfile('oracle')!, cpuOnly);
    assert.equal(oracle.available, true);
    assert.deepEqual(oracle.languages, ['en']);
    assert.equal(oracle.wordTimestamps, true);
    assert.equal(oracle.languageDetection, false, 'pocketsphinx assumes its one language');
    assert.deepEqual(oracle.translationTargets, ['ca', 'eo', 'es', 'gl']);
    assert.deepEqual(oracle.executionModes, ['cloud']);
  });

  it('offer nothing of a profile whose engine is not deployed', () => {
    const pro = profileCapabilities(findProfile('oracle-pro')!, cpuOnly);
    assert.deepEqual(pro, {
      available: false,
      languages: [],
      wordTimestamps: false,
      languageDetection: false,
      translationTargets: [],
      stages: { diarization: false, translation: false, channel_speaker_separation: false, caption_burn: false },
      executionModes: [],
    });
    assert.equal(profileCapabilities(findProfile('oracle-pro')!, everyEngine).available, true);
  });

  it('offer a stage only where the tier includes it and the worker runs it', () => {
    for (const deployment of [cpuOnly, everyEngine]) {
      for (const profile of PROFILES) {
        const caps = profileCapabilities(profile, deployment);
        for (const stage of STAGES) {
          assert.equal(caps.stages[stage], stageRefusal(profile, stage, deployment) === undefined);
          if (caps.stages[stage]) assert.ok(caps.available && BUILT_STAGES.has(stage), `${profile.codename} ${stage}`);
        }
        if (!profile.supportsDiarization) assert.equal(caps.stages.diarization, false, profile.codename);
        if (!profile.supportsTranslation) assert.equal(caps.stages.translation, false, profile.codename);
      }
    }
  });

  it('say why a stage is refused, in the order a user can act on', () => {
    const oracle = findProfile('oracle')!;
    assert.equal(
      stageRefusal(findProfile('oracle-pro')!, 'diarization', cpuOnly),
      'Profile oracle-pro is not served by this deployment.',
    );
    assert.equal(
      stageRefusal(findProfile('base')!, 'translation', cpuOnly),
      'Translation (target_language) is not included in profile base.',
    );
    assert.equal(stageRefusal(oracle, 'diarization', cpuOnly), undefined);
    assert.match(
      stageRefusal(oracle, 'translation', { ...cpuOnly, translations: [{ from: 'es', to: 'en' }] }) ?? '',
      /^Translation \(target_language\) is not available in this deployment: its workers translate from none of en\.$/,
    );
  });

  it('name the targets a translation may have, from the spoken language or any the engine may detect', () => {
    const oracle = findProfile('oracle')!;
    assert.equal(translationRefusal(oracle, cpuOnly, 'auto', 'es'), undefined);
    assert.equal(translationRefusal(oracle, cpuOnly, 'en', 'eo'), undefined);
    assert.equal(
      translationRefusal(oracle, cpuOnly, 'en', 'de'),
      'Profile oracle translates en into ca, eo, es, gl only; "de" is not supported.',
    );
    assert.match(translationRefusal(oracle, cpuOnly, 'en', 'en') ?? '', /already in en/);
    assert.match(translationRefusal(findProfile('base')!, cpuOnly, 'en', 'es') ?? '', /not included in profile base/);
  });

  it('offer the execution modes of the profile that jobs runs, none where the profile is not served', () => {
    for (const profile of PROFILES) {
      const caps = profileCapabilities(profile, cpuOnly);
      assert.deepEqual(caps.executionModes, caps.available ? profile.executionModes : [], profile.codename);
      for (const mode of caps.executionModes) assert.ok(BUILT_EXECUTION_MODES.has(mode), mode);
    }
    assert.deepEqual(profileCapabilities(findProfile('base')!, cpuOnly).executionModes, ['cloud', 'client_local']);
    assert.deepEqual(profileCapabilities(findProfile('base-whisper')!, everyEngine).executionModes, [
      'cloud',
      'client_local',
    ]);
  });
});
