import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ALL_SCOPES, PRESETS, isPreset, isScope, normalizeScopes } from './index.ts';

describe('scopes', () => {
  it('lists the fourteen scopes of the public API', () => {
    assert.equal(ALL_SCOPES.length, 14);
    assert.ok(isScope('files:read'));
    assert.ok(!isScope('admin'));
    assert.ok(!isScope('toString'));
  });

  it('defines the three presets: read-only, automation, full', () => {
    assert.deepEqual(PRESETS['read-only'], [
      'files:read',
      'jobs:read',
      'transcripts:read',
      'shares:read',
      'devices:read',
      'account:read',
      'billing:read',
    ]);
    assert.deepEqual(PRESETS.automation, [
      'files:read',
      'files:write',
      'jobs:read',
      'jobs:write',
      'transcripts:read',
      'billing:read',
    ]);
    assert.deepEqual(PRESETS.full, ALL_SCOPES);
    assert.ok(isPreset('automation'));
    assert.ok(!isPreset('constructor'));
  });

  it('normalizes order and duplicates', () => {
    assert.deepEqual(normalizeScopes(['jobs:read', 'files:read', 'jobs:read']), ['files:read', 'jobs:read']);
  });
});
