import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ACCOUNT_EVENTS, ACCOUNT_EVENTS_FILTER, JOB_EVENTS, JOB_EVENTS_FILTER, MEDIA_EVENTS } from './index.ts';

describe('event catalog', () => {
  it('names account events events.account.<event>, all under the filter', () => {
    const prefix = ACCOUNT_EVENTS_FILTER.replace('>', '');
    for (const subject of Object.values(ACCOUNT_EVENTS)) {
      assert.match(subject, /^events\.account\.[a-z_]+$/);
      assert.ok(subject.startsWith(prefix));
    }
    assert.equal(new Set(Object.values(ACCOUNT_EVENTS)).size, Object.values(ACCOUNT_EVENTS).length);
  });
});

describe('media events', () => {
  it('follow events.<aggregate>.<event>', () => {
    for (const subject of Object.values(MEDIA_EVENTS)) assert.match(subject, /^events\.media\.[a-z_]+$/);
  });
});

describe('job events', () => {
  it('follow events.job.<event>, one subject per terminal or starting state', () => {
    for (const subject of Object.values(JOB_EVENTS)) {
      assert.match(subject, /^events\.job\.[a-z_]+$/);
      assert.ok(subject.startsWith(JOB_EVENTS_FILTER.replace('>', '')));
    }
    assert.equal(new Set(Object.values(JOB_EVENTS)).size, 5);
  });
});
