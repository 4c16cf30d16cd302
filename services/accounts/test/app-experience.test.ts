// App-experience preferences (ADR 0018) against the real service and database: defaults, a merge,
// resets, every refusal, one user's choices never another's, and gone with the account.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppExperienceChanges, UpdateAppExperienceRequest } from '@tp/proto';
import { type AccountsHarness, startAccounts } from './support.ts';

let h: AccountsHarness;

before(async () => {
  h = await startAccounts();
});
after(async () => {
  await h?.stop();
});

const DEFAULTS = {
  defaultProfile: 'oracle',
  defaultExportFormat: 'json',
  maxCharsPerEntry: 80,
  interfaceLanguage: 'en',
  theme: 'system',
  showTimestamps: true,
  updatedAt: undefined,
};

let users = 0;
async function newUser(): Promise<{ userId: string; email: string }> {
  const email = `prefs-${++users}@example.com`;
  const { userId } = await h.operator.createUser({ email, password: '' }, { metadata: h.admin });
  return { userId, email };
}

const get = async (userId: string) => (await h.accounts.getAppExperience({ userId })).preference!;
const update = async (userId: string, set: Partial<AppExperienceChanges>, reset: string[] = []) =>
  (
    await h.accounts.updateAppExperience(
      UpdateAppExperienceRequest.fromPartial({ userId, set: AppExperienceChanges.fromPartial(set), reset }),
    )
  ).preference!;

const rowsOf = async (userId: string): Promise<number> =>
  (await h.db.query('SELECT count(*)::int AS n FROM accounts.app_experience WHERE user_id = $1', [userId])).rows[0].n;

describe('app-experience preferences', () => {
  it('are the defaults, with no change time, for a user who never chose', async () => {
    const { userId } = await newUser();
    assert.deepEqual(await get(userId), DEFAULTS);
    assert.equal(await rowsOf(userId), 0, 'reading writes nothing');
  });

  it('merge a change: what it names is set, the rest keeps its value', async () => {
    const { userId } = await newUser();
    const first = await update(userId, { theme: 'dark', maxCharsPerEntry: 42 });
    assert.deepEqual({ ...first, updatedAt: undefined }, { ...DEFAULTS, theme: 'dark', maxCharsPerEntry: 42 });
    assert.ok(first.updatedAt instanceof Date);
    const second = await update(userId, { showTimestamps: false, defaultExportFormat: 'srt' });
    assert.deepEqual(
      { ...second, updatedAt: undefined },
      { ...DEFAULTS, theme: 'dark', maxCharsPerEntry: 42, showTimestamps: false, defaultExportFormat: 'srt' },
    );
    assert.ok(second.updatedAt! >= first.updatedAt!);
    assert.deepEqual(await get(userId), second);
  });

  it('go back to their default when reset, and keep the interface language canonical', async () => {
    const { userId } = await newUser();
    await update(userId, { theme: 'light', interfaceLanguage: 'PT-br', defaultProfile: 'oracle-mini' });
    assert.equal((await get(userId)).interfaceLanguage, 'pt-BR');
    const reset = await update(userId, { showTimestamps: false }, ['theme', 'default_profile']);
    assert.deepEqual(
      { ...reset, updatedAt: undefined },
      { ...DEFAULTS, interfaceLanguage: 'pt-BR', showTimestamps: false },
    );
    const { rows } = await h.db.query('SELECT theme, default_profile FROM accounts.app_experience WHERE user_id = $1', [
      userId,
    ]);
    assert.deepEqual(rows, [{ theme: null, default_profile: null }], 'a reset stores no choice, not the default');
  });

  it('refuse bad values, unknown fields, contradictions and empty changes, naming the field', async () => {
    const { userId } = await newUser();
    const cases: [Partial<AppExperienceChanges>, string[], string, string][] = [
      [{ theme: 'sepia' }, [], 'theme', 'theme: not one of system, light, dark.'],
      [
        { defaultExportFormat: 'docx' },
        [],
        'default_export_format',
        'default_export_format: not one of text, json, srt, vtt.',
      ],
      [{ maxCharsPerEntry: 9 }, [], 'max_chars_per_entry', 'max_chars_per_entry: not an integer from 10 to 500.'],
      [{ maxCharsPerEntry: 501 }, [], 'max_chars_per_entry', 'max_chars_per_entry: not an integer from 10 to 500.'],
      [
        { interfaceLanguage: 'en_US' },
        [],
        'interface_language',
        'interface_language: not a language tag such as en or pt-BR.',
      ],
      [{ defaultProfile: 'teleport' }, [], 'default_profile', 'default_profile: an unknown profile.'],
      [{}, ['colour'], 'colour', 'colour: not a preference.'],
      [{ theme: 'dark' }, ['theme'], 'theme', 'theme: both set and reset.'],
    ];
    for (const [set, reset, field, message] of cases)
      await assert.rejects(update(userId, set, reset), { code: 'validation_error', message, details: { field } });
    await assert.rejects(update(userId, {}), { code: 'validation_error', message: 'Nothing to change.' });
    assert.deepEqual(await get(userId), DEFAULTS, 'nothing was written');
  });

  it('take an internal profile only once the user holds its feature', async () => {
    const { userId, email } = await newUser();
    await assert.rejects(update(userId, { defaultProfile: 'oracle-max' }), {
      code: 'validation_error',
      message: 'default_profile: an unknown profile.',
    });
    await h.operator.grantFeature({ email, featureKey: 'profile.oracle-max' }, { metadata: h.admin });
    assert.equal((await update(userId, { defaultProfile: 'oracle-max' })).defaultProfile, 'oracle-max');
  });

  it("are each user's own", async () => {
    const ada = await newUser();
    const bob = await newUser();
    await update(ada.userId, { theme: 'dark' });
    await update(bob.userId, { theme: 'light', showTimestamps: false });
    assert.equal((await get(ada.userId)).theme, 'dark');
    assert.equal((await get(ada.userId)).showTimestamps, true);
    assert.equal((await get(bob.userId)).theme, 'light');
  });

  it('are deleted with the account, and cannot be written for a user who does not exist', async () => {
    const { userId } = await newUser();
    await update(userId, { theme: 'dark' });
    assert.equal(await rowsOf(userId), 1);
    await h.accounts.deleteAccount({ userId });
    assert.equal(await rowsOf(userId), 0);
    await assert.rejects(update(userId, { theme: 'dark' }), { code: 'not_found' });
    assert.equal(await rowsOf(userId), 0);
  });
});
