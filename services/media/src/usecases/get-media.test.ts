import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getMedia } from './get-media.ts';
import { mediaWorld, OTHER_USER, USER } from './testing/fixtures.ts';

describe('getMedia', () => {
  it('answers the media in any workspace, or in the one named', async () => {
    const { deps, fake } = mediaWorld();
    fake.seed({ id: 'med_1', userId: USER, workspaceId: 'ws_1' });
    assert.equal((await getMedia(deps, { userId: USER, mediaId: 'med_1', workspaceId: '' })).id, 'med_1');
    assert.equal((await getMedia(deps, { userId: USER, mediaId: 'med_1', workspaceId: 'ws_1' })).id, 'med_1');
  });

  it("is not_found in another workspace and for another user's media; a malformed workspace is bad_request", async () => {
    const { deps, fake } = mediaWorld();
    fake.seed({ id: 'med_1', userId: USER, workspaceId: 'ws_1' });
    await assert.rejects(getMedia(deps, { userId: USER, mediaId: 'med_1', workspaceId: 'ws_2' }), {
      code: 'not_found',
    });
    await assert.rejects(getMedia(deps, { userId: OTHER_USER, mediaId: 'med_1', workspaceId: '' }), {
      code: 'not_found',
    });
    await assert.rejects(getMedia(deps, { userId: USER, mediaId: 'med_1', workspaceId: 'ws/1' }), {
      code: 'bad_request',
    });
  });
});
