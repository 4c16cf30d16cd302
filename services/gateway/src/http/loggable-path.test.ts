import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loggablePath } from './loggable-path.ts';

describe('loggablePath', () => {
  it('hides the token of share links, page and downloads', () => {
    assert.equal(loggablePath('/s/Abc_-123'), '/s/{token}');
    assert.equal(loggablePath('/s/Abc_-123/download/srt'), '/s/{token}/download/srt');
  });

  it('leaves other paths as they are', () => {
    assert.equal(loggablePath('/api/v1/shares/shr_1'), '/api/v1/shares/shr_1');
    assert.equal(loggablePath('/api/v1/s/x'), '/api/v1/s/x');
    assert.equal(loggablePath('/s'), '/s');
  });
});
