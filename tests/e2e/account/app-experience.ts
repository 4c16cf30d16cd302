// App-experience preferences (ADR 0018) through the real fleet: the gateway validates,
// accounts stores in PostgreSQL. Defaults, a merge, resets, every refusal, two users apart, and
// the operations in /openapi.json with their scopes.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call } from '../support/http.ts';
import { world } from './world.ts';

const PATH = '/api/v1/account/app-experience';
const password = 'a long enough password';

const DEFAULTS = {
  default_profile: 'oracle',
  default_export_format: 'json',
  max_chars_per_entry: 80,
  interface_language: 'en',
  theme: 'system',
  show_timestamps: true,
  updated_at: null,
};

async function token(email: string, ...flags: string[]): Promise<string> {
  const result = await world.fleet.tsctl('tokens', 'create', '--email', email, ...flags);
  assert.equal(result.code, 0, result.stderr);
  return result.stdout.trim();
}

async function newUser(email: string): Promise<{ read: string; write: string }> {
  const created = await world.fleet.tsctl('users', 'create', '--email', email, '--password', password);
  assert.equal(created.code, 0, created.stderr);
  return {
    read: await token(email, '--scopes', 'account:read'),
    write: await token(email, '--scopes', 'account:read,account:write'),
  };
}

const read = (credential: string) => call(world.fleet.gatewayUrl, 'GET', PATH, { token: credential });
const patch = (credential: string, body: unknown) =>
  call(world.fleet.gatewayUrl, 'PATCH', PATH, { token: credential, body });

let ada: { read: string; write: string };
let bob: { read: string; write: string };

export function appExperienceTests(): void {
  describe('app-experience', { concurrency: false }, () => {
    before(async () => {
      ada = await newUser('ada.prefs@example.com');
      bob = await newUser('bob.prefs@example.com');
    });
    describe('app-experience preferences', preferences);
    describe('app-experience refusals', refusals);
  });
}

function preferences(): void {
  it('are every field at its default, with updated_at null, before the user chooses', async () => {
    const res = await read(ada.read);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { data: DEFAULTS });
  });

  it('merge a patch, reset a field sent as null, and keep what the patch leaves out', async () => {
    const first = await patch(ada.write, { theme: 'dark', max_chars_per_entry: 42, interface_language: 'pt-br' });
    assert.equal(first.status, 200, first.text);
    const { updated_at } = first.body.data;
    assert.deepEqual(
      { ...first.body.data, updated_at: null },
      { ...DEFAULTS, theme: 'dark', max_chars_per_entry: 42, interface_language: 'pt-BR' },
    );
    assert.ok(Date.parse(updated_at) > Date.now() - 600_000, updated_at);
    const second = await patch(ada.write, { theme: null, show_timestamps: false, default_export_format: 'vtt' });
    assert.equal(second.status, 200, second.text);
    assert.deepEqual(
      { ...second.body.data, updated_at: null },
      {
        ...DEFAULTS,
        max_chars_per_entry: 42,
        interface_language: 'pt-BR',
        show_timestamps: false,
        default_export_format: 'vtt',
      },
    );
    assert.deepEqual((await read(ada.read)).body.data, second.body.data, 'what PATCH answered is stored');
  });

  it("are each user's own", async () => {
    await patch(bob.write, { theme: 'light', default_profile: 'oracle-mini' });
    const adas = (await read(ada.read)).body.data;
    const bobs = (await read(bob.read)).body.data;
    assert.equal(bobs.theme, 'light');
    assert.equal(bobs.default_profile, 'oracle-mini');
    assert.equal(bobs.max_chars_per_entry, 80, "ada's choices are not bob's");
    assert.equal(adas.default_profile, 'oracle');
  });
}

function refusals(): void {
  it('refuse unknown fields, bad values and bodies that are not a non-empty object with 422', async () => {
    const before = (await read(ada.read)).body.data;
    const cases: [unknown, (string | number)[]][] = [
      [{ colour: 'red' }, ['body', 'colour']],
      [{ theme: 'sepia' }, ['body', 'theme']],
      [{ default_export_format: 'docx' }, ['body', 'default_export_format']],
      [{ max_chars_per_entry: 9 }, ['body', 'max_chars_per_entry']],
      [{ max_chars_per_entry: 12.5 }, ['body', 'max_chars_per_entry']],
      [{ interface_language: 'english' }, ['body', 'interface_language']],
      [{ show_timestamps: 'yes' }, ['body', 'show_timestamps']],
      [{ default_profile: 'teleport' }, ['body', 'default_profile']],
      [{}, ['body']],
      [[{ theme: 'dark' }], ['body']],
      ['dark', ['body']],
    ];
    for (const [body, loc] of cases) {
      const res = await patch(ada.write, body);
      assert.equal(res.status, 422, `${JSON.stringify(body)}: ${res.text}`);
      assert.deepEqual(res.body.detail[0].loc, loc, res.text);
    }
    const none = await call(world.fleet.gatewayUrl, 'PATCH', PATH, { token: ada.write });
    assert.equal(none.status, 422, none.text);
    assert.deepEqual(none.body.detail, [{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
    assert.deepEqual((await read(ada.read)).body.data, before, 'nothing changed');
  });

  it('take an internal profile only once the user holds its feature', async () => {
    const refused = await patch(ada.write, { default_profile: 'oracle-max' });
    assert.equal(refused.status, 422, refused.text);
    assert.equal(refused.body.detail.code, 'validation_error');
    assert.equal(refused.body.detail.field, 'default_profile');
    const granted = await world.fleet.tsctl(
      'features',
      'grant',
      '--email',
      'ada.prefs@example.com',
      '--feature',
      'profile.oracle-max',
    );
    assert.equal(granted.code, 0, granted.stderr);
    const taken = await patch(ada.write, { default_profile: 'oracle-max' });
    assert.equal(taken.status, 200, taken.text);
    assert.equal(taken.body.data.default_profile, 'oracle-max');
  });

  it('need account:write to change and account:read to read: 403 insufficient_scope naming it', async () => {
    const refused = await patch(ada.read, { theme: 'light' });
    assert.equal(refused.status, 403, refused.text);
    assert.equal(refused.body.detail.code, 'insufficient_scope');
    assert.equal(refused.body.detail.required_scope, 'account:write');
    const other = await token('ada.prefs@example.com', '--scopes', 'files:read');
    const unread = await read(other);
    assert.equal(unread.status, 403, unread.text);
    assert.equal(unread.body.detail.required_scope, 'account:read');
    assert.notEqual((await read(ada.read)).body.data.theme, 'light', 'the refused change was not made');
  });

  it('are two operations of /openapi.json with their scopes', async () => {
    const res = await call(world.fleet.gatewayUrl, 'GET', '/openapi.json');
    assert.equal(res.status, 200);
    assert.equal(res.body.paths[PATH].get['x-required-scope'], 'account:read');
    assert.equal(res.body.paths[PATH].patch['x-required-scope'], 'account:write');
    assert.equal(res.body.paths[PATH].patch.requestBody.required, true);
  });
}
