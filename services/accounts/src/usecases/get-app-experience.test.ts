import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { APP_EXPERIENCE_DEFAULTS } from '@tp/catalog';
import { getAppExperience } from './get-app-experience.ts';
import { accountsWorld } from './testing/world.ts';

describe('getAppExperience', () => {
  it('answers the defaults, with no change time, to a user who never chose', async () => {
    const { deps, seedUser } = accountsWorld();
    assert.deepEqual(await getAppExperience(deps, { userId: seedUser().id }), {
      ...APP_EXPERIENCE_DEFAULTS,
      updatedAt: null,
    });
  });

  it('answers what the user chose over the defaults, and when they last changed it', async () => {
    const { deps, fake, clock, seedUser } = accountsWorld();
    const userId = seedUser().id;
    fake.preferences.set(userId, {
      userId,
      defaultProfile: null,
      defaultExportFormat: 'srt',
      maxCharsPerEntry: 42,
      interfaceLanguage: null,
      theme: 'dark',
      showTimestamps: false,
      updatedAt: clock.now(),
    });
    assert.deepEqual(await getAppExperience(deps, { userId }), {
      ...APP_EXPERIENCE_DEFAULTS,
      defaultExportFormat: 'srt',
      maxCharsPerEntry: 42,
      theme: 'dark',
      showTimestamps: false,
      updatedAt: clock.now(),
    });
  });
});
