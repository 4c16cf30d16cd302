// Caption burn jobs (ADR 0024) against the real artifacts and billing: the newest transcript pinned
// at creation, the hold at the caption-burn rate, their own work subject, released or settled at
// that rate. Which transcript is pinned and every refusal: usecases/pin-caption-transcript.test.ts.
// Registered by workflows.test.ts.
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
  grantIds,
  createRequest,
  type Harness,
  ledgerOf,
  MICRO,
  readStream,
  userWithMedia,
} from './support.ts';

/** A transcript artifact of the media, stored as the worker stores one; its id and current version. */
async function transcriptOf(harness: Harness, userId: string, mediaId: string, artifactType = 'transcript') {
  const { artifact } = await harness.artifacts.createArtifact({
    userId,
    artifactType,
    mediaId,
    workspaceId: '',
    // The worker stores what a job made, under that job's grant (ADR 0040).
    jobId: 'job_01jdburntestjob00000000000',
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

function creation(h: Harness): void {
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
        idempotencyKey: '',
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
      const { job: claimed, grant } = await claimNext(h, { jobType: 'caption_burn' });
      assert.equal(claimed!.jobId, job!.jobId);
      assert.deepEqual(
        await grantIds(grant),
        {
          user: userId,
          job: job!.jobId,
          media: mediaId,
          artifact: newest.artifactId,
          version: edited.version!.versionId,
        },
        'the worker may read the version it burns, and no other',
      );
    });
  });
}

function hold(h: Harness): void {
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
    });
  });
}

export function captionBurnWorkflows(h: Harness): void {
  creation(h);
  hold(h);
}
