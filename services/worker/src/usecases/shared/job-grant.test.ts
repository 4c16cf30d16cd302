import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CallOptions } from '@tp/grpc';
import { type JobGrantHolder, renewingGrant, underGrant } from './job-grant.ts';

/** A client as a test fakes it: methods on its prototype, each remembering the options it was called with. */
class RecordingClient {
  readonly seen: (CallOptions | undefined)[] = [];
  async getReadUrl(_request: unknown, opts?: CallOptions) {
    this.seen.push(opts);
    return { url: 'http://store/x' };
  }
  async reportProgress(_request: unknown, opts?: CallOptions) {
    this.seen.push(opts);
    return this.answers.shift() ?? { cancel: true, grant: '' };
  }
  answers: { cancel: boolean; grant: string }[] = [];
  close() {}
}

describe('job grants in the worker', () => {
  it('send the current grant with every call of the wrapped client, keeping the call’s own options', async () => {
    const holder: JobGrantHolder = { current: 'grant-1' };
    const client = new RecordingClient();
    const media = underGrant(client, holder);
    await media.getReadUrl({}, { deadlineMs: 5 });
    holder.current = 'grant-2';
    await media.getReadUrl({});
    assert.deepEqual(client.seen, [{ deadlineMs: 5, grant: 'grant-1' }, { grant: 'grant-2' }]);
  });

  it('take the fresh grant of each progress report, and keep the last one when a report brings none', async () => {
    const holder: JobGrantHolder = { current: 'at-claim' };
    const client = new RecordingClient();
    client.answers = [
      { cancel: false, grant: 'renewed' },
      { cancel: true, grant: '' },
    ];
    const jobs = renewingGrant(client, holder);
    assert.deepEqual(await jobs.reportProgress({}), { cancel: false, grant: 'renewed' });
    assert.equal(holder.current, 'renewed');
    await jobs.reportProgress({});
    assert.equal(holder.current, 'renewed');
    assert.equal((await jobs.getReadUrl({})).url, 'http://store/x', 'other methods pass through');
  });
});
