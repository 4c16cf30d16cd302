import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventSubject, STREAMS, workSubject } from './declarations.ts';

test('eventSubject builds events.<aggregate>.<event>', () => {
  assert.equal(eventSubject('job', 'completed'), 'events.job.completed');
  assert.equal(eventSubject('artifact', 'version_created'), 'events.artifact.version_created');
});

test('eventSubject refuses parts that would change the subject shape', () => {
  for (const [aggregate, event] of [
    ['job.x', 'completed'],
    ['job', '*'],
    ['job', '>'],
    ['', 'completed'],
    ['Job', 'completed'],
    ['job', 'comp leted'],
    ['1job', 'completed'],
  ] as const) {
    assert.throws(() => eventSubject(aggregate, event), TypeError, `${aggregate}/${event}`);
  }
});

test('workSubject builds work.<job_type>.<pool> and validates', () => {
  assert.equal(workSubject('transcribe', 'cpu'), 'work.transcribe.cpu');
  assert.throws(() => workSubject('transcribe', 'gpu.a'), TypeError);
});

test('the platform streams are declared as the architecture says', () => {
  assert.deepEqual(STREAMS.EVENTS.subjects, ['events.>']);
  assert.equal(STREAMS.EVENTS.retention, 'limits');
  assert.equal(STREAMS.EVENTS.storage, 'file');
  assert.equal(STREAMS.EVENTS.maxAgeMs, 7 * 24 * 3600 * 1000);
  assert.equal(STREAMS.EVENTS.duplicateWindowMs, 120_000);
  assert.deepEqual(STREAMS.WORK.subjects, ['work.>']);
  assert.equal(STREAMS.WORK.retention, 'workqueue');
  assert.equal(STREAMS.WORK.duplicateWindowMs, 120_000);
});
