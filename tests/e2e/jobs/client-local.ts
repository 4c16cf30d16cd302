// A client-local job (ADR 0023) through the gateway: the user's device runs the model and reports
// to the platform, which keeps the job, its transcript artifact and its exports. Its whole life
// (create, progress, deliver, export), and a device that goes silent (jobs' reconciler fails its
// job after the fleet's 10 s idle timeout). Refusals of the device routes are the gateway's and
// jobs' own tests (services/gateway/test/client-local-jobs.test.ts, services/jobs/test/client-local-*).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { eventually } from '@tp/testing';
import { balance, getJob, uploadMedia, waitForJob, type TestUser } from '../support/jobs.ts';
import { api, exportOf, IDLE_TIMEOUT_MS, SENTENCE, userOf, world } from './world.ts';

/** What the device's model heard: the sentence's words spread over the media, one segment per sentence. */
function transcriptOf(duration: number) {
  const sentences = SENTENCE.split(/(?<=\.) /);
  const words = sentences.map((s) => s.split(' '));
  const step = duration / words.flat().length;
  let at = 0;
  const segments = words.map((line, i) => {
    const start = at;
    const timed = line.map((text) => {
      const word = { text, start: at, end: at + step * 0.9, confidence: 0.9, speaker: null };
      at += step;
      return word;
    });
    return { id: `s${i + 1}`, start, end: timed.at(-1)!.end, text: sentences[i]!, speaker: null, words: timed };
  });
  const source = { media_id: null, job_id: null, profile: null, engine: 'device-whisper' };
  return { version: 1, language: 'en', duration, speakers: [], segments, translation: null, source };
}

export function clientLocalTests(): void {
  describe('a client-local job', { concurrency: true }, () => {
    let device: TestUser;
    let mediaId: string;
    const createLocal = () =>
      api(device, 'POST', '/api/v1/jobs', {
        input: { type: 'media_ref', media_id: mediaId },
        profile: 'base',
        options: { language: 'en' },
        execution_mode: 'client_local',
      });

    before(async () => {
      device = await userOf('device', 10, ['jobs.client_local']);
      mediaId = await uploadMedia(world.fleet, device.token, world.sentence, 'audio/wav', 'fox.wav');
    });

    it('waits for the device, runs on its reports, and exports the transcript it delivers', async () => {
      const created = await createLocal();
      assert.equal(created.status, 202, created.text);
      const job = created.body.data;
      assert.deepEqual(
        [job.status, job.execution_mode, job.queue_reason, job.queue_position, job.credits_reserved],
        ['queued', 'client_local', 'waiting_for_device', null, 0],
      );
      const queue = await api(device, 'GET', '/api/v1/jobs/queue');
      assert.equal(queue.status, 200, queue.text);
      assert.equal(queue.body.data.total_queued, 0, 'it waits in no queue');

      const progress = await api(device, 'POST', `/api/v1/jobs/${job.job_id}/progress`, { progress: 40 });
      assert.equal(progress.status, 200, progress.text);
      assert.deepEqual([progress.body.data.status, progress.body.data.progress], ['running', 40]);
      const delivered = await api(device, 'POST', `/api/v1/jobs/${job.job_id}/transcript`, {
        transcript: transcriptOf(job.media_duration_seconds),
      });
      assert.equal(delivered.status, 200, delivered.text);
      const done = await getJob(world.fleet, device.token, job.job_id);
      assert.deepEqual([done.status, done.progress, done.language, done.error], ['succeeded', 100, 'en', null]);
      assert.equal(done.billed_seconds, job.media_duration_seconds);
      assert.deepEqual([done.credits_reserved, done.credits_charged], [0, 0]);

      const srt = await exportOf(device, job.job_id, 'format=srt');
      assert.equal(srt.status, 200, srt.text);
      assert.match(srt.text, /^1\r?\n00:00:00,000 --> /);
      assert.ok(srt.text.includes('The quick brown fox'), srt.text);
      const transcript = JSON.parse((await exportOf(device, job.job_id, 'format=json')).text);
      assert.deepEqual(transcript.source, {
        media_id: mediaId,
        job_id: job.job_id,
        profile: 'base',
        engine: 'device-whisper',
      });
      const artifacts = await api(device, 'GET', `/api/v1/jobs/${job.job_id}/artifacts`);
      assert.deepEqual(
        artifacts.body.data.map((a: { artifact_type: string; job_id: string }) => [a.artifact_type, a.job_id]),
        [['transcript', job.job_id]],
      );
    });

    it('fails device_timeout when the device goes silent, holding nothing', async () => {
      const created = await createLocal();
      assert.equal(created.status, 202, created.text);
      const { job_id } = created.body.data;
      await api(device, 'POST', `/api/v1/jobs/${job_id}/progress`, { progress: 10 });
      const failed = await waitForJob(
        world.fleet,
        device.token,
        job_id,
        (j) => j.status !== 'running',
        4 * IDLE_TIMEOUT_MS,
      );
      assert.equal(failed.status, 'failed');
      assert.deepEqual(failed.error, {
        code: 'device_timeout',
        message: 'No progress report or transcript came from the device for 10 seconds; the job failed.',
      });
      const late = await api(device, 'POST', `/api/v1/jobs/${job_id}/transcript`, { transcript: transcriptOf(1) });
      assert.deepEqual([late.status, late.body.detail.code], [409, 'job_not_running']);
      await eventually('nothing held', async () => (await balance(world.fleet, device.token)).reserved_credits === 0);
      assert.equal((await balance(world.fleet, device.token)).available_credits, 10, 'the device’s work costs nothing');
    });
  });
}
