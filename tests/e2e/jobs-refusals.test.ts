// Jobs refused (no credits, invalid or unavailable options, scopes) and batch jobs.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call } from './support/http.ts';
import { balance, createJob, readOnlyToken, transcribe, uploadMedia, waitForJob } from './support/jobs.ts';
import { ada, bob, broke, exportOf, fleet, speech, useJobsFleet } from './support/jobs-fleet.ts';

useJobsFleet();

describe('refusals', () => {
  it('402 without credits: nothing is queued and nothing is held', async () => {
    const mediaId = await uploadMedia(fleet, broke.token, speech);
    const res = await createJob(fleet, broke.token, transcribe(mediaId));
    assert.equal(res.status, 402, res.text);
    assert.equal(res.body.detail.code, 'insufficient_credits');
    const jobs = await call(fleet.gatewayUrl, 'GET', '/api/v1/jobs', { token: broke.token });
    assert.deepEqual(jobs.body.data, []);
    const queue = await call(fleet.gatewayUrl, 'GET', '/api/v1/jobs/queue', { token: broke.token });
    assert.equal(queue.body.data.total_queued, 0);
    assert.equal((await balance(fleet, broke.token)).reserved_credits, 0);
  });

  it('422 names each malformed option, and each option the profile cannot serve here', async () => {
    const mediaId = await uploadMedia(fleet, ada.token, speech);
    const withChange = (change: object) => {
      const base = transcribe(mediaId);
      return { ...base, ...change, options: { ...base.options, ...((change as { options?: object }).options ?? {}) } };
    };
    const malformed: [object, string, RegExp][] = [
      [{ options: { language: 'xx' } }, 'body.options.language', /Unknown language code "xx"/],
      [
        { options: { channel_speaker_separation: true, diarization: { mode: 'regular' } } },
        'body.options.channel_speaker_separation',
        /cannot be combined with diarization/,
      ],
      [{ profile: 'whisper-xl' }, 'body.profile', /./],
      [{ options: { speed: 2 } }, 'body.options.speed', /./],
      // Caption burns are offered; this media has nothing to burn yet (ADR 0024).
      [
        { type: 'caption_burn' },
        'body.options.caption_burn.transcript_artifact_id',
        /has no transcript yet: run a transcription job first/,
      ],
    ];
    for (const [change, loc, message] of malformed) {
      const res = await createJob(fleet, ada.token, withChange(change));
      assert.equal(res.status, 422, `${JSON.stringify(change)}: ${res.text}`);
      const issue = res.body.detail.find((d: { loc: string[] }) => d.loc.join('.') === loc);
      assert.ok(issue, `${JSON.stringify(change)}: no issue at ${loc} in ${res.text}`);
      assert.match(issue.msg, message);
    }
    const unsupported: [object, string, RegExp, object | undefined][] = [
      [{ options: { language: 'de' } }, 'body.options.language', /transcribes en only/, { languages: ['en'] }],
      [
        { profile: 'base', options: { diarization: { mode: 'regular', num_speakers: 2 } } },
        'body.options.diarization',
        /not included in profile base/,
        undefined,
      ],
      [
        { options: { target_language: 'de' } },
        'body.options.target_language',
        /translates en into ca, eo, es, gl only/,
        { targets: ['ca', 'eo', 'es', 'gl'] },
      ],
      [
        { options: { channel_speaker_separation: true } },
        'body.options.channel_speaker_separation',
        /has one audio channel/,
        { media_id: mediaId, channels: 1 },
      ],
    ];
    for (const [change, loc, message, ctx] of unsupported) {
      const res = await createJob(fleet, ada.token, withChange(change));
      assert.equal(res.status, 422, `${JSON.stringify(change)}: ${res.text}`);
      const [issue] = res.body.detail;
      assert.equal(issue.type, 'unsupported_option');
      assert.equal(issue.loc.join('.'), loc);
      assert.match(issue.msg, message);
      assert.deepEqual(issue.ctx, ctx);
    }
    const gpu = await createJob(fleet, ada.token, transcribe(mediaId, 'oracle-pro'));
    assert.equal(gpu.status, 400, gpu.text);
    assert.equal(gpu.body.detail.code, 'profile_unavailable');
    assert.match(gpu.body.detail.message, /oracle-pro/);
    const missing = await createJob(fleet, ada.token, transcribe('med_doesnotexist'));
    assert.equal(missing.status, 404);
    const reader = await readOnlyToken(fleet, ada.email);
    const scoped = await createJob(fleet, reader, transcribe(mediaId));
    assert.equal(scoped.status, 403);
    assert.equal(scoped.body.detail.required_scope, 'jobs:write');
    const jobs = await call(fleet.gatewayUrl, 'GET', '/api/v1/jobs?status=queued', { token: ada.token });
    assert.deepEqual(jobs.body.data, [], 'no refused request queued anything');
  });
});

describe('batch jobs', () => {
  it('run one item per media; the batch aggregates them and has no transcript of its own', async () => {
    const media = [
      await uploadMedia(fleet, bob.token, speech, 'audio/wav', 'one.wav'),
      await uploadMedia(fleet, bob.token, speech, 'audio/wav', 'two.wav'),
    ];
    const res = await createJob(fleet, bob.token, {
      type: 'transcription',
      input: { type: 'batch', media_ids: media },
      profile: 'oracle-mini',
    });
    assert.equal(res.status, 202, res.text);
    const batch = res.body.data;
    assert.deepEqual(batch.input, { type: 'batch', item_count: 2 });
    const items = await call(fleet.gatewayUrl, 'GET', `/api/v1/jobs/${batch.job_id}/items`, { token: bob.token });
    assert.equal(items.status, 200);
    assert.deepEqual(
      items.body.data.map((j: { input: { media_id: string } }) => j.input.media_id),
      media,
    );
    assert.ok(items.body.data.every((j: { parent_job_id: string }) => j.parent_job_id === batch.job_id));
    const early = await exportOf(bob, batch.job_id, 'format=text');
    assert.equal(early.status, 409);
    const done = await waitForJob(fleet, bob.token, batch.job_id);
    assert.equal(done.status, 'succeeded');
    assert.equal(done.progress, 100);
    assert.equal(done.artifact_ids.length, 2);
    const exported = await exportOf(bob, batch.job_id, 'format=text');
    assert.equal(exported.status, 409);
    assert.equal(exported.body.detail.code, 'job_is_batch');
    const item = await exportOf(bob, items.body.data[1].job_id, 'format=text');
    assert.equal(item.status, 200);
    assert.match(item.headers.get('content-disposition')!, /filename="two\.txt"/);
    const listed = await call(fleet.gatewayUrl, 'GET', '/api/v1/jobs', { token: bob.token });
    assert.deepEqual(
      listed.body.data.map((j: { job_id: string }) => j.job_id),
      [batch.job_id],
      'items are listed under their batch only',
    );

    // The owner deletes one item's transcript: its export and artifact list say so.
    const first = items.body.data[0].job_id;
    const artifactId = (await call(fleet.gatewayUrl, 'GET', `/api/v1/jobs/${first}/artifacts`, { token: bob.token }))
      .body.data[0].artifact_id;
    assert.equal(
      (await call(fleet.gatewayUrl, 'DELETE', `/api/v1/artifacts/${artifactId}`, { token: bob.token })).status,
      204,
    );
    const gone = await exportOf(bob, first, 'format=text');
    assert.equal(gone.status, 404);
    assert.match(gone.body.detail.message, /was deleted/);
    assert.deepEqual(
      (await call(fleet.gatewayUrl, 'GET', `/api/v1/jobs/${first}/artifacts`, { token: bob.token })).body.data,
      [],
    );
  });
});
