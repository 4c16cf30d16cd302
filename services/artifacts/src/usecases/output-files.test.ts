import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withOutputSize } from './output-files.ts';
import { artifactsWorld } from './testing/fixtures.ts';

describe('withOutputSize', () => {
  it('answers the output with its size in storage, and no output for none', async () => {
    const { deps, files } = artifactsWorld();
    files.set('users/u/exports/j/a.mp4', 123);
    assert.deepEqual(await withOutputSize(deps.objects, { key: 'users/u/exports/j/a.mp4', format: 'mp4' }), {
      key: 'users/u/exports/j/a.mp4',
      format: 'mp4',
      bytes: 123,
    });
    assert.equal(await withOutputSize(deps.objects, null), null);
  });

  it('refuses an output key that names no object with bad_request', async () => {
    const { deps } = artifactsWorld();
    await assert.rejects(withOutputSize(deps.objects, { key: 'users/u/none.mp4', format: 'mp4' }), {
      code: 'bad_request',
      message: /store the output file first/,
    });
  });
});
