// GET /api/v1/models tells the truth: for every model it lists, every language and every option
// its capabilities name, POST /api/v1/jobs accepts exactly where the flag is true and refuses with
// a stable code where it is false (400 profile_unavailable for a model this deployment does not run,
// a 422 of type unsupported_option naming the option otherwise). No worker runs on this fleet
// (world.ts): accepted jobs stay queued and are cancelled. It creates a job for every model ×
// language × flag, which the fleet counts at a limit it never reaches.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGE_CODES, PROFILES } from '@tp/catalog';
import { eventually, synthesizeSpeech } from '@tp/testing';
import { call, SETTLED_WITHIN_MS } from '../support/http.ts';
import { createJob, createUser, type TestUser, uploadMedia } from '../support/jobs.ts';
import { world } from './world.ts';

let dir: string;
let user: TestUser;
let mediaId: string;

interface Model {
  id: string;
  available: boolean;
  capabilities: Record<string, boolean> & { languages: string[]; translation_targets: string[] };
}

/** Each option a capability flag stands for, as a job asks for it. */
const FLAGGED: Record<string, { option: string; change: Record<string, unknown> }> = {
  diarization: { option: 'diarization', change: { options: { diarization: { mode: 'regular', num_speakers: 2 } } } },
  translation: { option: 'target_language', change: { options: { target_language: 'es' } } },
  channel_speaker_separation: {
    option: 'channel_speaker_separation',
    change: { options: { channel_speaker_separation: true } },
  },
  caption_burn: { option: 'type', change: { type: 'caption_burn', options: { caption_burn: {} } } },
};

/**
 * Creates the job; an accepted one is cancelled again. Asserts the answer agrees with `flag`:
 * 202 when true; when false 400 profile_unavailable (model unavailable) or a 422 of type
 * unsupported_option naming `option`.
 */
async function assertAgrees(model: Model, change: Record<string, unknown>, flag: boolean, option: string) {
  const body = { type: 'transcription', input: { type: 'media_ref', media_id: mediaId }, profile: model.id, ...change };
  const res = await createJob(world.fleet, user.token, body);
  const what = `${model.id} ${JSON.stringify(change)} (flag ${flag})`;
  // A caption burn the model offers, of a media with no transcript to burn yet (no worker runs here, ADR 0024).
  const nothingToBurn = (issue: { loc: string[]; type: string } | undefined) =>
    option === 'type' &&
    issue?.type === 'value_error' &&
    issue.loc.join('.') === 'body.options.caption_burn.transcript_artifact_id';
  if (flag && res.status === 422 && nothingToBurn(res.body.detail[0])) return;
  if (flag) {
    assert.equal(res.status, 202, `${what}: ${res.text}`);
    const cancelled = await call(world.fleet.gatewayUrl, 'DELETE', `/api/v1/jobs/${res.body.data.job_id}`, {
      token: user.token,
    });
    assert.equal(cancelled.status, 200, cancelled.text);
    return;
  }
  if (!model.available) {
    assert.equal(res.status, 400, `${what}: ${res.text}`);
    return assert.equal(res.body.detail.code, 'profile_unavailable', what);
  }
  assert.equal(res.status, 422, `${what}: ${res.text}`);
  const [issue] = res.body.detail;
  assert.equal(issue.type, 'unsupported_option', what);
  assert.deepEqual(issue.loc, option === 'type' ? ['body', 'type'] : ['body', 'options', option], what);
}

export function modelsTests(): void {
  describe('the catalog of models', { concurrency: false }, () => {
    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'tp-e2e-models-'));
      user = await createUser(world.fleet, 'walker', '100');
      // Granted every internal profile, so the walk covers every model of the catalog.
      for (const feature of PROFILES.flatMap((p) => (p.featureKey ? [p.featureKey] : []))) {
        const granted = await world.fleet.tsctl('features', 'grant', '--email', user.email, '--feature', feature);
        assert.equal(granted.code, 0, granted.stderr);
      }
      // Stereo, so that channel speaker separation is judged by the model alone (a mono media is refused for itself).
      mediaId = await uploadMedia(
        world.fleet,
        user.token,
        await synthesizeSpeech('Hello there.', { voice: 'rms', dir, channels: 2 }),
      );
    });
    after(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });
    describe('GET /api/v1/models and POST /api/v1/jobs agree', modelsAndJobsAgree);
  });
}

function modelsAndJobsAgree(): void {
  let models: Model[];
  before(async () => {
    const res = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/models', { token: user.token });
    assert.equal(res.status, 200, res.text);
    models = res.body.data;
  });

  it('lists every model of the catalog, available only where this deployment runs its engine', () => {
    assert.deepEqual(models.map((m) => m.id).sort(), PROFILES.map((p) => p.codename).sort());
    const available = models.filter((m) => m.available).map((m) => m.id);
    assert.deepEqual(available.sort(), ['base', 'oracle', 'oracle-mini'], 'the fleet runs pocketsphinx only');
  });

  it('accepts a model with language auto exactly where it is available', async () => {
    for (const model of models) await assertAgrees(model, { options: { language: 'auto' } }, model.available, '');
  });

  it('accepts each language exactly where the model lists it', async () => {
    for (const model of models) {
      for (const language of LANGUAGE_CODES) {
        const listed = model.capabilities.languages.includes(language);
        await assertAgrees(model, { options: { language } }, listed, 'language');
      }
    }
  });

  it('accepts each flagged option exactly where its flag is true', async () => {
    for (const model of models) {
      const flags = Object.keys(model.capabilities).filter(
        (key) => !['languages', 'word_timestamps', 'language_detection', 'translation_targets'].includes(key),
      );
      assert.deepEqual(flags.sort(), Object.keys(FLAGGED).sort(), 'every flag that a job asks for is walked');
      for (const [flag, { option, change }] of Object.entries(FLAGGED)) {
        await assertAgrees(model, change, model.capabilities[flag] === true, option);
      }
    }
  });

  it('accepts each translation target exactly where the model lists it', async () => {
    const translating = models.filter((m) => m.capabilities.translation);
    assert.ok(
      translating.some((m) => m.id === 'oracle'),
      'the fleet translates with its default pairs',
    );
    for (const model of models) {
      for (const target of ['es', 'eo', 'de', 'en']) {
        const listed = model.capabilities.translation_targets.includes(target);
        await assertAgrees(model, { options: { target_language: target } }, listed, 'target_language');
      }
    }
  });

  it('holds no credits for the walk: every accepted job was cancelled', async () => {
    await eventually(
      'every hold released',
      async () => {
        const balance = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/billing/balance', { token: user.token });
        return balance.body.data.reserved_credits === 0;
      },
      SETTLED_WITHIN_MS,
    );
  });
}
