// Caption burn jobs at creation (ADR 0024): the transcript they burn is pinned then, the hold is the
// media's duration at the caption-burn rate whatever the profile, and every refusal names what is wrong.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaptionBurnOptionsSchema } from '@tp/captions';
import { CAPTION_BURN_MICRO_CREDITS_PER_HOUR, priceForSeconds } from '@tp/catalog';
import { jobOptionsFromView, jobOptionsView } from '@tp/job-options';
import type { CreateJobRequest } from '@tp/proto';
import { exampleTranscript } from '@tp/transcript';
import {
  balanceOf,
  claimNext,
  createRequest,
  errorOf,
  exportRequest,
  type Harness,
  ledgerOf,
  MICRO,
  newMedia,
  newUser,
  readStream,
  useHarness,
  userWithMedia,
} from './support.ts';

const h = useHarness({ emptyQueueAfterEach: true });

/** A transcript artifact of the media, stored as the worker stores one; its id and current version. */
async function transcriptOf(harness: Harness, userId: string, mediaId: string, artifactType = 'transcript') {
  const { artifact } = await harness.artifacts.createArtifact({
    userId,
    artifactType,
    mediaId,
    workspaceId: '',
    jobId: '',
    title: 'interview',
    payloadJson: artifactType === 'transcript' ? JSON.stringify(exampleTranscript()) : '{"format":"mp4"}',
    authorType: 'service',
    authorId: 'worker',
    outputKey: '',
    outputFormat: '',
    idempotencyKey: '',
  });
  return { artifactId: artifact!.artifactId, versionId: artifact!.currentVersionId };
}

/** A caption_burn CreateJob request of one media, with `captionBurn` as options.caption_burn (omitted when undefined). */
function burnRequest(userId: string, mediaId: string, captionBurn?: object, more: Partial<CreateJobRequest> = {}) {
  const options = captionBurn === undefined ? {} : { caption_burn: captionBurn };
  return createRequest(userId, [mediaId], { type: 'caption_burn', options: jobOptionsFromView(options), ...more });
}

const burnPrice = (seconds: number) =>
  priceForSeconds({ microCreditsPerHour: CAPTION_BURN_MICRO_CREDITS_PER_HOUR }, seconds);

describe('CreateJob of a caption burn', () => {
  it('pins the newest transcript of the media at its current version and holds the caption-burn rate', async () => {
    const { userId, media } = await userWithMedia(h, '10');
    const { mediaId, durationSeconds } = media[0]!;
    await transcriptOf(h, userId, mediaId);
    const newest = await transcriptOf(h, userId, mediaId);
    const edited = await h.artifacts.addVersion({
      userId,
      artifactId: newest.artifactId,
      payloadJson: JSON.stringify({ ...exampleTranscript(), language: 'en' }),
      baseVersionId: newest.versionId,
      authorType: 'user',
      authorId: '',
      note: 'fixed a word',
      outputKey: '',
      outputFormat: '',
    });
    // options.caption_burn omitted: every default; the profile (oracle) only picks the pool.
    const { job } = await h.jobs.createJob(burnRequest(userId, mediaId, undefined, { profile: 'base' }));
    assert.equal(job!.type, 'caption_burn');
    assert.equal(job!.status, 'queued');
    assert.deepEqual(jobOptionsView(job!.options!).caption_burn, {
      ...CaptionBurnOptionsSchema.parse({}),
      transcript_artifact_id: newest.artifactId,
      transcript_version_id: edited.version!.versionId,
    });
    const price = burnPrice(durationSeconds);
    assert.equal(job!.reservedMicro, price, 'the caption-burn rate, not base');
    assert.equal((await balanceOf(h, userId)).reservedMicro, price);
    const [hold] = await ledgerOf(h, userId, job!.jobId);
    assert.match(hold!.description, /caption burn output \(base pool\)/);

    // Its ticket waits on work.caption_burn.cpu, and only a caption burn claim takes the job.
    const tickets = await readStream(h, 'WORK', 'work.caption_burn.cpu');
    assert.ok(tickets.some((t) => (t.data as { ticket_id: string }).ticket_id === job!.jobId));
    assert.equal((await claimNext(h)).job, undefined, 'a transcription worker does not take it');
    const { job: claimed } = await claimNext(h, { jobType: 'caption_burn' });
    assert.equal(claimed!.jobId, job!.jobId);
  });

  it('burns the transcript and version named, with the style given', async () => {
    const { userId, media } = await userWithMedia(h, '10');
    const { mediaId } = media[0]!;
    const named = await transcriptOf(h, userId, mediaId);
    await transcriptOf(h, userId, mediaId);
    const style = { transcript_artifact_id: named.artifactId, font_size: 36, karaoke: true, primary_color: '#ffcc00' };
    const { job } = await h.jobs.createJob(burnRequest(userId, mediaId, style));
    const pinned = jobOptionsView(job!.options!).caption_burn as Record<string, unknown>;
    assert.deepEqual(
      [pinned.transcript_artifact_id, pinned.transcript_version_id, pinned.font_size, pinned.karaoke],
      [named.artifactId, named.versionId, 36, true],
    );
    assert.equal(pinned.primary_color, '#FFCC00');
    const versioned = await h.jobs.createJob(
      burnRequest(userId, mediaId, {
        transcript_artifact_id: named.artifactId,
        transcript_version_id: named.versionId,
      }),
    );
    assert.equal(versioned.job!.options?.captionBurn?.transcriptVersionId, named.versionId);
  });

  it('cannot export a transcript, and names the media export it will have', async () => {
    const { userId, media } = await userWithMedia(h, '10');
    await transcriptOf(h, userId, media[0]!.mediaId);
    const { job } = await h.jobs.createJob(burnRequest(userId, media[0]!.mediaId, {}));
    const err = await errorOf(h.jobs.exportJob(exportRequest(userId, job!.jobId, 'srt')));
    assert.equal(err.code, 'job_has_no_transcript');
    assert.match(err.message, /burns captions into a video.*media_export artifact/);
  });
});

describe('CreateJob of a caption burn: refusals', () => {
  it('refuses a media without a transcript, another user’s or a missing artifact, a media export, a foreign version', async () => {
    const { userId, media } = await userWithMedia(h, '10');
    const { mediaId } = media[0]!;
    const bare = await errorOf(h.jobs.createJob(burnRequest(userId, mediaId)));
    assert.equal(bare.code, 'validation_error');
    assert.equal(
      bare.message,
      `The media ${mediaId} has no transcript yet: run a transcription job first, or name transcript_artifact_id.`,
    );
    assert.deepEqual(bare.details, { loc: ['options', 'caption_burn', 'transcript_artifact_id'] });

    const other = await newUser(h, '10');
    const foreign = await transcriptOf(h, other, (await newMedia(h, other)).mediaId);
    for (const artifactId of [foreign.artifactId, 'art_missing']) {
      const err = await errorOf(h.jobs.createJob(burnRequest(userId, mediaId, { transcript_artifact_id: artifactId })));
      assert.equal(err.code, 'not_found', artifactId);
      assert.equal(err.message, `The transcript artifact ${artifactId} was not found.`);
    }
    const exported = await transcriptOf(h, userId, mediaId, 'media_export');
    const notTranscript = await errorOf(
      h.jobs.createJob(burnRequest(userId, mediaId, { transcript_artifact_id: exported.artifactId })),
    );
    assert.equal(notTranscript.code, 'validation_error');
    assert.match(notTranscript.message, /is a media_export, not a transcript/);

    const own = await transcriptOf(h, userId, mediaId);
    const elsewhere = await transcriptOf(h, userId, mediaId);
    const version = { transcript_artifact_id: own.artifactId, transcript_version_id: elsewhere.versionId };
    const wrongVersion = await errorOf(h.jobs.createJob(burnRequest(userId, mediaId, version)));
    assert.equal(wrongVersion.code, 'not_found');
    assert.match(
      wrongVersion.message,
      new RegExp(`version ${elsewhere.versionId} of the transcript artifact ${own.artifactId}`),
    );
    const alone = await errorOf(
      h.jobs.createJob(burnRequest(userId, mediaId, { transcript_version_id: own.versionId })),
    );
    assert.deepEqual(alone.details, { loc: ['options', 'caption_burn', 'transcript_version_id'] });
    assert.equal((await balanceOf(h, userId)).reservedMicro, 0, 'nothing was held');
  });

  it('refuses a batch, a transcription’s options and a malformed style, naming each', async () => {
    const { userId, media } = await userWithMedia(h, '10', 2);
    await transcriptOf(h, userId, media[0]!.mediaId);
    const batch = await errorOf(
      h.jobs.createJob(
        createRequest(
          userId,
          media.map((m) => m.mediaId),
          { type: 'caption_burn', batch: true },
        ),
      ),
    );
    assert.equal(batch.code, 'validation_error');
    assert.match(batch.message, /takes one media \(input.type media_ref\), not a batch/);
    assert.deepEqual(batch.details, { loc: ['input', 'type'] });

    const mediaId = media[0]!.mediaId;
    const asked = (options: object) =>
      errorOf(h.jobs.createJob(burnRequest(userId, mediaId, undefined, { options: jobOptionsFromView(options) })));
    const diarized = await asked({ diarization: { mode: 'regular' } });
    assert.equal(diarized.code, 'validation_error');
    assert.match(diarized.message, /options.diarization applies to transcription jobs only/);
    assert.match((await asked({ target_language: 'es' })).message, /options.target_language applies to transcription/);
    const style = await asked({ caption_burn: { font_size: 4 } });
    assert.equal(style.code, 'validation_error');
    assert.equal(style.message, 'options.caption_burn.font_size must be an integer from 8 to 200');
    assert.match((await asked({ caption_burn: { font_family: 'Comic Sans' } })).message, /font_family must be one of/);

    const words = await errorOf(
      h.jobs.createJob(createRequest(userId, [mediaId], { options: jobOptionsFromView({ caption_burn: {} }) })),
    );
    assert.equal(words.code, 'validation_error', 'a transcription job with a style block');
    assert.equal((await balanceOf(h, userId)).reservedMicro, 0);
  });
});

describe('a caption burn job’s hold', () => {
  it('is released when the job is cancelled, and settled for the seconds of output at its rate', async () => {
    const { userId, media } = await userWithMedia(h, '10', 2);
    for (const m of media) await transcriptOf(h, userId, m.mediaId);
    const { job: cancelled } = await h.jobs.createJob(burnRequest(userId, media[0]!.mediaId));
    await claimNext(h, { jobType: 'caption_burn' });
    await h.jobs.cancelJob({ userId, jobId: cancelled!.jobId });
    assert.deepEqual(
      (await ledgerOf(h, userId, cancelled!.jobId)).map((e) => e.kind),
      ['reservation', 'release'],
    );

    const { job } = await h.jobs.createJob(burnRequest(userId, media[1]!.mediaId));
    const { job: claimed, ticketId } = await claimNext(h, { jobType: 'caption_burn' });
    const output = await transcriptOf(h, userId, media[1]!.mediaId, 'media_export');
    const done = await h.jobs.completeJob({
      jobId: claimed!.jobId,
      ticketId,
      artifactId: output.artifactId,
      billedSeconds: 4,
      language: '',
    });
    assert.equal(done.status, 'succeeded');
    assert.equal(done.chargedMicro, burnPrice(4), '4 s of output at the caption-burn rate');
    assert.equal(done.billedSeconds, 4);
    assert.deepEqual(
      (await ledgerOf(h, userId, job!.jobId)).map((e) => e.kind),
      ['reservation', 'settlement'],
    );
    assert.equal((await balanceOf(h, userId)).availableMicro, 10 * MICRO - burnPrice(4));
    const exportErr = await errorOf(h.jobs.exportJob(exportRequest(userId, job!.jobId, 'json')));
    assert.equal(exportErr.code, 'job_has_no_transcript');
    assert.deepEqual(exportErr.details, { artifact_id: output.artifactId });
  });
});
