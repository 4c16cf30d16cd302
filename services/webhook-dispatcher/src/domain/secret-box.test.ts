import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { secretBox } from './secret-box.ts';

describe('sealed secrets', () => {
  const box = secretBox(Buffer.alloc(32, 9).toString('base64'));

  it('open to what was sealed, under the same key and subscription only', () => {
    const sealed = box.seal('whsec_c2VjcmV0', 'whs_1');
    assert.ok(!Buffer.from(sealed).includes(Buffer.from('whsec_c2VjcmV0')), 'never stored in the clear');
    assert.equal(box.open(sealed, 'whs_1'), 'whsec_c2VjcmV0');
    assert.notDeepEqual(box.seal('whsec_c2VjcmV0', 'whs_1'), sealed, 'a fresh IV each time');
    assert.throws(() => box.open(sealed, 'whs_2'));
    assert.throws(() => secretBox(Buffer.alloc(32, 8).toString('base64')).open(sealed, 'whs_1'));
  });

  it('needs a 32-byte key', () => {
    assert.throws(() => secretBox(Buffer.alloc(16).toString('base64')), /32 bytes/);
  });
});
