import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileNameOfKey, mediaStorageKey, registrableKey, userPrefix } from './storage-keys.ts';

describe('storage keys', () => {
  it('place media under the user prefix', () => {
    assert.equal(userPrefix('usr_1'), 'users/usr_1/');
    assert.equal(mediaStorageKey('usr_1', 'med_2', 'My Talk.wav'), 'users/usr_1/media/med_2/My_Talk.wav');
    assert.equal(fileNameOfKey('users/usr_1/a/b.wav'), 'b.wav');
  });

  it('accept only normal keys inside the caller prefix', () => {
    assert.equal(registrableKey('usr_1', 'users/usr_1/imports/a.wav'), 'users/usr_1/imports/a.wav');
    const refused = [
      '',
      '/users/usr_1/a.wav',
      'users/usr_2/a.wav',
      'users/usr_1',
      'users/usr_1/',
      'users/usr_10/a.wav',
      'users/usr_1/../usr_2/a.wav',
      'users/usr_1/./a.wav',
      'users/usr_1//a.wav',
      'users/usr_1/a/..',
      'users\\usr_1\\a.wav',
      'users/usr_1/a\nb.wav',
      `users/usr_1/${'a'.repeat(1100)}`,
    ];
    for (const key of refused)
      assert.throws(() => registrableKey('usr_1', key), { code: 'storage_key_not_allowed' }, key);
  });
});
