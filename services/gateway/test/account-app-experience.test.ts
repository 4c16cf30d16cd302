// GET and PATCH /api/v1/account/app-experience (ADR 0018): who may call them, the merge
// patch as accounts receives it, every refusal of the body, and their place in /openapi.json.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@tp/errors';
import { AppExperience, AppExperienceResponse } from '@tp/proto';
import { type FakeHandlers, USER_ID } from './fake-backends.ts';
import { CREATED } from './samples.ts';
import {
  assertError,
  assertValidation,
  itChecksAccess,
  itMapsBackendErrors,
  type RouteCase,
  startTestGateway,
  type TestGateway,
  TRANSPORT_ERRORS,
} from './support.ts';

let gateway: TestGateway;

const PATH = '/api/v1/account/app-experience';
const STORED = AppExperience.fromPartial({
  defaultProfile: 'oracle-mini',
  defaultExportFormat: 'srt',
  maxCharsPerEntry: 42,
  interfaceLanguage: 'pt-BR',
  theme: 'dark',
  showTimestamps: false,
  updatedAt: CREATED,
});
const DEFAULTS: FakeHandlers = {
  accounts: {
    getAppExperience: async () => AppExperienceResponse.fromPartial({ preference: STORED }),
    updateAppExperience: async () => AppExperienceResponse.fromPartial({ preference: STORED }),
  },
};

before(async () => {
  gateway = await startTestGateway();
});
beforeEach(() => gateway.backends.use(DEFAULTS));
after(() => gateway.stop());

const ROUTES: RouteCase[] = [
  { method: 'GET', path: PATH, access: 'account:read', status: 200 },
  { method: 'PATCH', path: PATH, access: 'account:write', body: { theme: 'light' }, status: 200 },
];

const patch = (body: unknown, headers: Record<string, string> = {}) =>
  gateway.call('PATCH', PATH, { token: gateway.backends.pat(['account:write']), body, headers });

describe('app-experience routes: access', () => {
  itChecksAccess(() => gateway, ROUTES);
});

describe('app-experience routes: presenting', () => {
  it('answers every field of the preference under data', async () => {
    const res = await gateway.call('GET', PATH, { token: gateway.backends.pat(['account:read']) });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, {
      data: {
        default_profile: 'oracle-mini',
        default_export_format: 'srt',
        max_chars_per_entry: 42,
        interface_language: 'pt-BR',
        theme: 'dark',
        show_timestamps: false,
        updated_at: CREATED.toISOString(),
      },
    });
    assert.deepEqual(gateway.backends.received('accounts', 'getAppExperience').at(-1), { userId: USER_ID });
  });

  it('shows updated_at null for a user who never chose', async () => {
    gateway.backends.use({
      accounts: {
        getAppExperience: async () =>
          AppExperienceResponse.fromPartial({ preference: { ...STORED, updatedAt: undefined } }),
      },
    });
    const res = await gateway.call('GET', PATH, { token: gateway.backends.pat(['account:read']) });
    assert.equal(res.body.data.updated_at, null);
  });

  it('sends a merge patch as values to set and fields (null) to reset', async () => {
    for (const contentType of ['application/json', 'application/merge-patch+json']) {
      const res = await patch(
        { theme: 'light', max_chars_per_entry: 120, show_timestamps: false, default_profile: null },
        { 'content-type': contentType },
      );
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.data.theme, 'dark', 'the answer is what accounts stored');
      assert.deepEqual(gateway.backends.received('accounts', 'updateAppExperience').at(-1), {
        userId: USER_ID,
        // Fields left out are absent on the wire (proto3 optional), decoded as undefined.
        set: {
          defaultProfile: undefined,
          defaultExportFormat: undefined,
          maxCharsPerEntry: 120,
          interfaceLanguage: undefined,
          theme: 'light',
          showTimestamps: false,
        },
        reset: ['default_profile'],
      });
    }
  });
});

describe('app-experience routes: validation', () => {
  it('names unknown fields and bad values', async () => {
    const asked = gateway.backends.received('accounts', 'updateAppExperience').length;
    assertValidation(await patch({ theme: 'dark', colour: 'red' }), [
      { loc: ['body', 'colour'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
    ]);
    assertValidation(await patch({ theme: 'sepia' }), [
      { loc: ['body', 'theme'], msg: 'Input should be "system", "light" or "dark"', type: 'enum' },
    ]);
    assertValidation(await patch({ default_export_format: 'docx' }), [
      {
        loc: ['body', 'default_export_format'],
        msg: 'Input should be "text", "json", "srt" or "vtt"',
        type: 'enum',
      },
    ]);
    assertValidation(await patch({ max_chars_per_entry: 9 }), [
      {
        loc: ['body', 'max_chars_per_entry'],
        msg: 'Input should be greater than or equal to 10',
        type: 'greater_than_equal',
      },
    ]);
    assertValidation(await patch({ max_chars_per_entry: 501 }), [
      {
        loc: ['body', 'max_chars_per_entry'],
        msg: 'Input should be less than or equal to 500',
        type: 'less_than_equal',
      },
    ]);
    assertValidation(await patch({ show_timestamps: 'yes' }), [
      { loc: ['body', 'show_timestamps'], msg: 'Input should be a valid boolean', type: 'bool_parsing' },
    ]);
    assertValidation(await patch({ interface_language: 'en_US' }), [
      {
        loc: ['body', 'interface_language'],
        msg: 'Expected a language tag such as en, pt-BR or zh-Hant-TW',
        type: 'value_error',
      },
    ]);
    const profile = await patch({ default_profile: 'teleport' });
    assert.equal(profile.status, 422, profile.text);
    assert.deepEqual(profile.body.detail[0].loc, ['body', 'default_profile']);
    assert.equal(gateway.backends.received('accounts', 'updateAppExperience').length, asked, 'accounts never asked');
  });

  it('requires a JSON object with at least one field', async () => {
    const token = gateway.backends.pat(['account:write']);
    assertValidation(await gateway.call('PATCH', PATH, { token }), [
      { loc: ['body'], msg: 'Field required', type: 'missing' },
    ]);
    for (const body of [[], ['theme'], 'dark', 42, null]) {
      const res = await patch(body);
      assert.equal(res.status, 422, `${JSON.stringify(body)}: ${res.text}`);
      assert.deepEqual(res.body.detail[0].loc, ['body'], res.text);
    }
    assertValidation(await patch({}), [
      {
        loc: ['body'],
        msg: 'Send at least one of default_profile, default_export_format, max_chars_per_entry, interface_language, theme, show_timestamps.',
        type: 'value_error',
      },
    ]);
  });
});

describe('app-experience routes: backend errors', () => {
  itMapsBackendErrors(
    () => gateway,
    { backend: 'accounts', method: 'updateAppExperience' },
    [['validation_error', 422, 'The request is invalid.'], ...TRANSPORT_ERRORS],
    () => patch({ default_profile: 'oracle-max' }),
  );

  it('passes on the field accounts names', async () => {
    gateway.backends.use({
      accounts: {
        updateAppExperience: async () => {
          throw new AppError('validation_error', 'default_profile: an unknown profile.', { field: 'default_profile' });
        },
      },
    });
    assertError(
      await patch({ default_profile: 'oracle-max' }),
      422,
      'validation_error',
      'default_profile: an unknown profile.',
      {
        field: 'default_profile',
      },
    );
  });
});

describe('app-experience routes in /openapi.json', () => {
  it('lists both operations with their scope and the merge-patch body', async () => {
    const res = await fetch(`${gateway.service.url}/openapi.json`);
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, Record<string, any>>>;
      components: { schemas: Record<string, any> };
    };
    const item = doc.paths[PATH]!;
    assert.equal(item.get!['x-required-scope'], 'account:read');
    assert.equal(item.patch!['x-required-scope'], 'account:write');
    assert.equal(item.patch!.requestBody.required, true);
    const schema = doc.components.schemas.AccountAppExperienceUpdateRequest;
    assert.equal(schema.additionalProperties, false);
    assert.deepEqual(Object.keys(schema.properties), [
      'default_profile',
      'default_export_format',
      'max_chars_per_entry',
      'interface_language',
      'theme',
      'show_timestamps',
    ]);
    assert.ok(doc.components.schemas.AppExperiencePreference.required.includes('updated_at'));
  });
});
