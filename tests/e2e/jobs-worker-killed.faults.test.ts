// A worker killed (SIGKILL) in the middle of a job, seen through the public API: the job is
// redelivered to the restarted worker and finishes once, with one artifact, charged once. A long
// form for make faults; make test kills a worker mid-transcription in the fault suite's short form
// (tests/faults/faults.test.ts), with the same invariants checked from the ledger and artifacts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Fleet } from '@tp/testing';
import { call } from './support/http.ts';
import { balance, repeatAudio, waitForJob, type TestUser } from './support/jobs.ts';
import { running, startJob, useQueueFleet } from './support/queue-fleet.ts';

const MICRO = 1_000_000;
let fleet: Fleet;
let ada: TestUser;
let long: string;
useQueueFleet((world) => {
  ({ fleet, ada } = world);
  long = repeatAudio(world.short, 16, join(world.dir, 'long.wav'));
});

describe('a worker killed mid-job', () => {
  it('is replaced: the job is redelivered, finishes once, one artifact, charged once', async () => {
    const before = await balance(fleet, ada.token);
    const jobId = await startJob(long);
    await waitForJob(fleet, ada.token, jobId, running);
    await fleet.killService('worker');
    await fleet.startService('worker');
    const job = await waitForJob(fleet, ada.token, jobId);
    assert.equal(job.status, 'succeeded', JSON.stringify(job.error));
    assert.ok(job.attempts >= 2, `attempts ${job.attempts}`);
    assert.equal(job.artifact_ids.length, 1);
    const artifacts = await call(fleet.gatewayUrl, 'GET', `/api/v1/artifacts?media_id=${job.input.media_id}`, {
      token: ada.token,
    });
    assert.equal(artifacts.body.data.length, 1, 'one transcript, not one per attempt');
    const ledger = await call(fleet.gatewayUrl, 'GET', '/api/v1/billing/ledger?limit=200', { token: ada.token });
    const settlements = ledger.body.data.filter(
      (e: { reference: string; kind: string }) => e.reference === jobId && e.kind === 'settlement',
    );
    assert.equal(
      settlements.length,
      1,
      `settled once: ${JSON.stringify(ledger.body.data.filter((e: { reference: string }) => e.reference === jobId))}`,
    );
    const after = await balance(fleet, ada.token);
    assert.equal(
      Math.round((before.available_credits - after.available_credits) * MICRO),
      Math.round(job.credits_charged * MICRO),
    );
    assert.equal(after.reserved_credits, 0);
  });
});
