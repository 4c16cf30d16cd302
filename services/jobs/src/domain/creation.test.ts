// Job creation accepts exactly what `GET /models` shows (profileCapabilities of @tp/catalog), for
// every profile, language and stage, in every deployment of engines.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_TRANSLATION_PAIRS,
  type Deployment,
  ENGINE_KINDS,
  type EngineKind,
  FEATURES,
  LANGUAGE_CODES,
  PROFILES,
  profileCapabilities,
  type Stage,
  STAGES,
} from '@tp/catalog';
import { isAppError } from '@tp/errors';
import { jobOptionsFromView } from '@tp/job-options';
import { acceptCreation, type CreationRequest, planCreation } from './creation.ts';
import { createRequestHash } from './idempotency.ts';

const everyFeature = Object.keys(FEATURES);
const deployments = [['pocketsphinx'], ['whisper'], ['pocketsphinx', 'whisper']].map((kinds) => ({
  engines: new Set(kinds as EngineKind[]),
  translations: DEFAULT_TRANSLATION_PAIRS,
}));

function request(profile: string, type: string, options: Record<string, unknown>): CreationRequest {
  return {
    userId: 'usr_1',
    workspaceId: '',
    type,
    mediaIds: ['med_1'],
    batch: false,
    profile,
    options: jobOptionsFromView(options),
    idempotencyKey: '',
    features: everyFeature,
    webhookId: '',
    requestFingerprint: '',
    executionMode: '',
  };
}

/** The stable code a refused creation answers with; undefined when it is accepted. */
function outcome(deployment: Deployment, req: CreationRequest): string | undefined {
  try {
    acceptCreation(req, { ...deployment, maxBatchItems: 50 });
    return undefined;
  } catch (err) {
    assert.ok(isAppError(err), String(err));
    return err.code;
  }
}

const STAGE_REQUESTS: Readonly<Record<Stage, [type: string, options: Record<string, unknown>]>> = {
  diarization: ['transcription', { diarization: { mode: 'regular', num_speakers: null } }],
  translation: ['transcription', { target_language: 'es' }],
  channel_speaker_separation: ['transcription', { channel_speaker_separation: true }],
  caption_burn: ['caption_burn', { caption_burn: { font_size: 32 } }],
};

describe('job creation agrees with the capabilities GET /models shows', () => {
  it('knows a deployment for each engine', () => {
    assert.deepEqual([...new Set(deployments.flatMap((d) => [...d.engines]))].sort(), [...ENGINE_KINDS].sort());
  });

  for (const deployment of deployments) {
    const name = [...deployment.engines].join('+');
    it(`${name}: an unavailable profile is refused whatever is asked, an available one takes auto`, () => {
      for (const profile of PROFILES) {
        const caps = profileCapabilities(profile, deployment);
        const code = outcome(deployment, request(profile.codename, 'transcription', { language: 'auto' }));
        assert.equal(code, caps.available ? undefined : 'profile_unavailable', profile.codename);
      }
    });

    it(`${name}: every language is accepted exactly where it is listed`, () => {
      for (const profile of PROFILES.filter((p) => profileCapabilities(p, deployment).available)) {
        const { languages } = profileCapabilities(profile, deployment);
        for (const language of LANGUAGE_CODES) {
          const code = outcome(deployment, request(profile.codename, 'transcription', { language }));
          assert.equal(
            code,
            languages.includes(language) ? undefined : 'unsupported_option',
            `${profile.codename} ${language}`,
          );
        }
      }
    });

    it(`${name}: every stage is accepted exactly where its flag is true`, () => {
      for (const profile of PROFILES.filter((p) => profileCapabilities(p, deployment).available)) {
        const caps = profileCapabilities(profile, deployment);
        for (const stage of STAGES) {
          const [type, options] = STAGE_REQUESTS[stage];
          const code = outcome(deployment, request(profile.codename, type, options));
          assert.equal(code, caps.stages[stage] ? undefined : 'unsupported_option', `${profile.codename} ${stage}`);
        }
      }
    });

    it(`${name}: every translation target is accepted exactly where it is listed`, () => {
      for (const profile of PROFILES.filter((p) => profileCapabilities(p, deployment).stages.translation)) {
        const { translationTargets } = profileCapabilities(profile, deployment);
        for (const target of LANGUAGE_CODES) {
          const code = outcome(deployment, request(profile.codename, 'transcription', { target_language: target }));
          assert.equal(
            code,
            translationTargets.includes(target) ? undefined : 'unsupported_option',
            `${profile.codename} ${target}`,
          );
        }
      }
    });
  }
});

describe('job creation with a webhook and a request fingerprint', () => {
  const cpu = {
    engines: new Set<EngineKind>(['pocketsphinx']),
    translations: DEFAULT_TRANSLATION_PAIRS,
    maxBatchItems: 50,
  };
  const webhookId = 'whs_01jdq2v3w4x5y6z7a8b9c0d1e2';
  const base = { ...request('oracle', 'transcription', { language: 'auto' }), idempotencyKey: 'k-1' };
  const media = [
    { mediaId: 'med_1', fileName: 'a.wav', durationSeconds: 5, streams: [] },
    { mediaId: 'med_2', fileName: 'b.wav', durationSeconds: 6, streams: [] },
  ];

  it('keeps a whs_ webhook id on the job the request creates (a batch: the parent only)', () => {
    const single = planCreation(acceptCreation({ ...base, webhookId }, cpu), media.slice(0, 1));
    assert.deepEqual(
      single.map((j) => j.webhookId),
      [webhookId],
    );
    const batch = acceptCreation({ ...base, webhookId, mediaIds: ['med_1', 'med_2'], batch: true }, cpu);
    assert.deepEqual(
      planCreation(batch, media).map((j) => j.webhookId),
      [webhookId, null, null],
    );
    assert.equal(acceptCreation(base, cpu).webhookId, null);
  });

  it('refuses a webhook id that is not empty or whs_ with the id alphabet', () => {
    for (const bad of [
      'whk_01jdq2v3w4x5y6z7a8b9c0d1e2',
      'whs_',
      'whs_01JDQ2V3W4X5Y6Z7A8B9C0D1E2',
      'whs_01jdq2v3w4x5y6z7a8b9c0d1eu',
      ' ',
      'x',
    ]) {
      assert.equal(outcome(cpu, { ...base, webhookId: bad }), 'validation_error', bad);
    }
  });

  it('stores the fingerprint instead of the request hash; without one, the webhook id is part of the hash', () => {
    const fingerprinted = acceptCreation({ ...base, webhookId, requestFingerprint: 'f'.repeat(64) }, cpu);
    assert.deepEqual(fingerprinted.idempotency, { key: 'k-1', requestHash: 'f'.repeat(64) });
    const plain = acceptCreation(base, cpu).idempotency!.requestHash;
    const facts = { type: 'transcription', mediaIds: ['med_1'], batch: false, profile: 'oracle', workspaceId: null };
    assert.equal(plain, createRequestHash({ ...facts, options: { language: 'auto' } }), 'unchanged without a webhook');
    assert.notEqual(acceptCreation({ ...base, webhookId }, cpu).idempotency!.requestHash, plain);
    // Without a key there is no idempotency record, and a fingerprint changes nothing.
    assert.equal(acceptCreation({ ...base, idempotencyKey: '', requestFingerprint: 'abc' }, cpu).idempotency, null);
    for (const bad of ['has space', 'x'.repeat(129), 'é']) {
      assert.equal(outcome(cpu, { ...base, requestFingerprint: bad }), 'validation_error', bad);
    }
  });
});
