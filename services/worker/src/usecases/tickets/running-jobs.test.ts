import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RunningJobs } from './running-jobs.ts';

describe('RunningJobs', () => {
  it('counts the jobs running, and keeps a ticket’s job after its run only for the dead letter', () => {
    const running = new RunningJobs();
    running.started('tkt_1', 'job_1');
    running.started('tkt_2', 'job_2');
    assert.deepEqual([running.count(), running.jobOf('tkt_1'), running.jobOf('tkt_2')], [2, 'job_1', 'job_2']);
    running.ended('tkt_1', false);
    running.ended('tkt_2', true);
    assert.deepEqual([running.count(), running.jobOf('tkt_1'), running.jobOf('tkt_2')], [0, undefined, 'job_2']);
    running.release('tkt_2');
    assert.equal(running.jobOf('tkt_2'), undefined);
  });
});
