import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Metadata } from '@grpc/grpc-js';
import { isAppError } from '@tp/errors';
import { adminGuard, adminMetadata } from './admin-guard.ts';
import type { CallContext } from './definition.ts';

const KEY = 'k'.repeat(48);

function contextWith(key?: string): CallContext {
  return { metadata: key === undefined ? new Metadata() : adminMetadata(key) } as CallContext;
}

describe('adminGuard', () => {
  const guarded = adminGuard(KEY)(async (request: { n: number }) => ({ doubled: request.n * 2 }));

  it('runs the handler when the call carries the admin key', async () => {
    assert.deepEqual(await guarded({ n: 21 }, contextWith(KEY)), { doubled: 42 });
  });

  it('refuses a missing, wrong or differently long key with admin_required, before the handler runs', async () => {
    let ran = false;
    const watched = adminGuard(KEY)(async () => {
      ran = true;
      return {};
    });
    for (const given of [undefined, '', 'x'.repeat(48), `${KEY}x`, KEY.slice(1)]) {
      await assert.rejects(watched({}, contextWith(given)), (err) => isAppError(err) && err.code === 'admin_required');
    }
    assert.equal(ran, false);
  });
});
