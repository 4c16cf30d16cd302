import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ArtifactWithVersion } from '@tp/proto';
import { exampleTranscript } from '@tp/transcript';
import type { DeviceSuccess } from '../store/device-runs.ts';
import type { Job } from '../store/records.ts';
import { deliverTranscript } from './deliver-transcript.ts';
import { fakeArtifacts } from './testing/artifacts.ts';
import { AT, aJob, jobsWorld } from './testing/world.ts';

/** DeliverTranscript's deps: the device runs' store ends the job succeeded with what it is given. */
function deliveryDeps(...jobs: Job[]) {
  const world = jobsWorld(...jobs);
  const artifacts = fakeArtifacts();
  const successes: DeviceSuccess[] = [];
  const deviceRuns = {
    succeed: async (jobId: string, success: DeviceSuccess, at: Date) => {
      successes.push(success);
      const job = world.rows.get(jobId)!;
      return world.put({
        ...job,
        status: 'succeeded',
        progress: 100,
        artifactIds: [success.artifactId],
        finishedAt: at,
      });
    },
  };
  return { world, artifacts, successes, deps: { ...world.deps, deviceRuns, artifacts: artifacts.client } };
}

const localJob = (fields: Partial<Job> = {}) =>
  aJob({ executionMode: 'client_local', profile: 'base', billingState: 'none', mediaDurationSeconds: 5, ...fields });

const deliver = (jobId: string, transcript: unknown = exampleTranscript(), userId = 'usr_1') => ({
  userId,
  jobId,
  transcriptJson: JSON.stringify(transcript),
});

describe('deliverTranscript', () => {
  it('stores the transcript once as the job’s artifact, written by the user, and ends the job with the media billed', async () => {
    const job = localJob({ status: 'running' });
    const { deps, world, artifacts, successes } = deliveryDeps(job);
    const done = await deliverTranscript(deps, deliver(job.id));
    const stored = artifacts.stored[0]!;
    assert.deepEqual(
      [stored.userId, stored.artifact.artifactType, stored.artifact.jobId],
      ['usr_1', 'transcript', job.id],
    );
    const payload = JSON.parse(stored.versions[0]!.payloadJson);
    assert.deepEqual(payload.source, {
      ...exampleTranscript().source,
      media_id: 'med_1',
      job_id: job.id,
      profile: 'base',
    });
    assert.deepEqual(successes, [{ artifactId: stored.artifact.artifactId, language: 'en', billedSeconds: 5 }]);
    assert.deepEqual(
      [done.job.status, done.job.artifactIds, done.job.finishedAt],
      ['succeeded', [stored.artifact.artifactId], AT],
    );
    assert.equal(world.counts.nudges, 1);
  });

  it('stores the artifact under the job’s key, so a retry after a lost answer gets the one stored first', async () => {
    const job = localJob();
    const { deps, world, artifacts, successes } = deliveryDeps(job);
    await deliverTranscript(deps, deliver(job.id));
    world.put(job); // The answer was lost: the device retries a job it still sees running.
    await deliverTranscript(deps, deliver(job.id));
    assert.equal(artifacts.stored.length, 1);
    assert.equal(successes[1]!.artifactId, successes[0]!.artifactId);
  });

  it('refuses an invalid transcript or one past the media’s end (validation_error with its issues), storing nothing', async () => {
    const job = localJob({ status: 'running' });
    const { deps, world, artifacts } = deliveryDeps(job);
    await assert.rejects(deliverTranscript(deps, deliver(job.id, { ...exampleTranscript(), segments: 'none' })), {
      code: 'validation_error',
      details: { issues: [{ loc: ['segments'], msg: 'Input should be a valid list', type: 'list_type' }] },
    });
    const late = exampleTranscript();
    late.duration = 7.5;
    await assert.rejects(
      deliverTranscript(deps, deliver(job.id, late)),
      (err: { code: string; details: { issues: { loc: unknown[] }[] } }) => {
        assert.equal(err.code, 'validation_error');
        assert.deepEqual(
          err.details.issues.map((i) => i.loc),
          [['duration']],
        );
        return true;
      },
    );
    assert.deepEqual([artifacts.calls, world.rows.get(job.id), world.counts.nudges], [[], job, 0]);
  });

  it('refuses another user’s or no job (not_found), a cloud job (not_client_local) and an ended one (job_not_running)', async () => {
    const [local, cloud, ended] = [localJob(), aJob(), localJob({ status: 'cancelled' })];
    const { deps, artifacts } = deliveryDeps(local, cloud, ended);
    await assert.rejects(deliverTranscript(deps, deliver(local.id, undefined, 'usr_2')), { code: 'not_found' });
    await assert.rejects(deliverTranscript(deps, deliver('job_01JNOSUCHJOB0000000000000')), { code: 'not_found' });
    await assert.rejects(deliverTranscript(deps, deliver(cloud.id)), { code: 'not_client_local' });
    await assert.rejects(deliverTranscript(deps, deliver(ended.id)), {
      code: 'job_not_running',
      message: `Job ${ended.id} is cancelled; it takes no more progress or transcripts.`,
    });
    assert.deepEqual(artifacts.calls, []);
  });

  it('fails, ending nothing, when artifacts answers without an artifact', async () => {
    const job = localJob();
    const { deps, artifacts, successes } = deliveryDeps(job);
    artifacts.client.createArtifact = async () => ArtifactWithVersion.fromPartial({});
    await assert.rejects(deliverTranscript(deps, deliver(job.id)), /CreateArtifact answered without an artifact/);
    assert.deepEqual(successes, []);
  });
});
