import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { APP_EXPERIENCE_DEFAULTS } from '@tp/catalog';
import { updateAppExperience } from './update-app-experience.ts';
import { accountsWorld } from './testing/world.ts';

const change = (set: object, reset: string[] = []) => ({ set, reset });

describe('updateAppExperience', () => {
  it('merges a change into the choices, resets fields to their default, and answers them all', async () => {
    const { deps, fake, clock, seedUser } = accountsWorld();
    const userId = seedUser().id;
    const first = await updateAppExperience(deps, {
      userId,
      change: change({ theme: 'dark', interfaceLanguage: 'PT-br' }),
    });
    assert.deepEqual(first, {
      ...APP_EXPERIENCE_DEFAULTS,
      theme: 'dark',
      interfaceLanguage: 'pt-BR',
      updatedAt: clock.now(),
    });
    clock.advance(1_000);
    const second = await updateAppExperience(deps, { userId, change: change({ showTimestamps: false }, ['theme']) });
    assert.deepEqual(second, {
      ...APP_EXPERIENCE_DEFAULTS,
      interfaceLanguage: 'pt-BR',
      showTimestamps: false,
      updatedAt: clock.now(),
    });
    assert.equal(fake.preferences.get(userId)?.theme, null, 'a reset stores no choice, not the default');
  });

  it('takes an internal profile only once the user holds its feature', async () => {
    const { deps, fake, clock, seedUser } = accountsWorld();
    const userId = seedUser().id;
    await assert.rejects(updateAppExperience(deps, { userId, change: change({ defaultProfile: 'oracle-max' }) }), {
      code: 'validation_error',
      message: 'default_profile: an unknown profile.',
      details: { field: 'default_profile' },
    });
    fake.features.push({ userId, featureKey: 'profile.oracle-max', grantedAt: clock.now() });
    const chosen = await updateAppExperience(deps, { userId, change: change({ defaultProfile: 'oracle-max' }) });
    assert.equal(chosen.defaultProfile, 'oracle-max');
  });

  it('writes nothing when a value is refused', async () => {
    const { deps, fake, seedUser } = accountsWorld();
    const userId = seedUser().id;
    await assert.rejects(updateAppExperience(deps, { userId, change: change({ theme: 'sepia' }) }), {
      code: 'validation_error',
      details: { field: 'theme' },
    });
    await assert.rejects(updateAppExperience(deps, { userId, change: change({}) }), {
      code: 'validation_error',
      message: 'Nothing to change.',
    });
    assert.equal(fake.preferences.size, 0);
  });

  it('answers not_found for a user who does not exist (any more)', async () => {
    const { deps, fake } = accountsWorld();
    await assert.rejects(updateAppExperience(deps, { userId: 'usr_gone', change: change({ theme: 'dark' }) }), {
      code: 'not_found',
      message: 'The account was not found.',
    });
    assert.equal(fake.preferences.size, 0);
  });
});
