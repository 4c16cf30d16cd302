import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@tp/errors';
import { ListSharesResponse, RenderShareResponse, ShareWithToken } from '@tp/proto';
import { type FakeHandlers, USER_ID } from './fake-backends.ts';
import { CREATED, LATER, sampleShare } from './samples.ts';
import {
  assertError,
  assertValidation,
  PUBLIC_BASE_URL,
  type RouteCase,
  startTestGateway,
  type TestGateway,
  itMapsBackendErrors,
  TRANSPORT_ERRORS,
  itChecksAccess,
} from './support.ts';

let gateway: TestGateway;

const SECRET = 'A'.repeat(43);
const withToken = ShareWithToken.fromPartial({ share: sampleShare(), token: SECRET });
const DEFAULTS: FakeHandlers = {
  shares: {
    listShares: async () => ListSharesResponse.fromPartial({ shares: [sampleShare()] }),
    createShare: async () => withToken,
    getShare: async () => sampleShare(),
    updateShare: async () => sampleShare(),
    rotateShare: async () => withToken,
    revokeShare: async () => sampleShare({ status: 'revoked', revokedAt: LATER }),
    renderShare: async ({ format }) =>
      RenderShareResponse.fromPartial(
        format === 'html'
          ? {
              content: '<p>Hello.</p>',
              contentType: 'text/html; charset=utf-8',
              contentSecurityPolicy: "style-src 'x'",
            }
          : { content: 'Hello.', contentType: 'text/plain; charset=utf-8', fileName: 'interview.txt' },
      ),
  },
};

before(async () => {
  gateway = await startTestGateway();
});
beforeEach(() => gateway.backends.use(DEFAULTS));
after(() => gateway.stop());

const createBody = { share_kind: 'transcript', artifact_id: 'art_1', access_scope: 'everyone' };
const ROUTES: RouteCase[] = [
  { method: 'GET', path: '/api/v1/shares', access: 'shares:read', status: 200 },
  { method: 'POST', path: '/api/v1/shares', access: 'shares:write', body: createBody, status: 201 },
  { method: 'GET', path: '/api/v1/shares/shr_1', access: 'shares:read', status: 200 },
  { method: 'PATCH', path: '/api/v1/shares/shr_1', access: 'shares:write', body: { title: 'New' }, status: 200 },
  { method: 'POST', path: '/api/v1/shares/shr_1/rotate', access: 'shares:write', status: 200 },
  { method: 'DELETE', path: '/api/v1/shares/shr_1', access: 'shares:write', status: 200 },
];

describe('share routes: access', () => {
  itChecksAccess(() => gateway, ROUTES);
});

describe('share routes: validation', () => {
  const write = () => gateway.backends.pat(['shares:write']);

  it('wants an expiry in the future, a known kind and scope', async () => {
    const res = await gateway.call('POST', '/api/v1/shares', {
      token: write(),
      body: { ...createBody, share_kind: 'media', access_scope: 'team', expires_at: '2001-01-01T00:00:00Z' },
    });
    assertValidation(res, [
      { loc: ['body', 'share_kind'], msg: 'Input should be "transcript"', type: 'enum' },
      { loc: ['body', 'access_scope'], msg: 'Input should be "everyone"', type: 'enum' },
      { loc: ['body', 'expires_at'], msg: 'Input should be in the future', type: 'value_error' },
    ]);
  });

  it('wants a change in an update', async () => {
    const res = await gateway.call('PATCH', '/api/v1/shares/shr_1', { token: write(), body: {} });
    assertValidation(res, [
      { loc: ['body'], msg: 'Send at least one of title, target_version_id, expires_at.', type: 'value_error' },
    ]);
  });

  it('knows the download formats', async () => {
    const res = await gateway.call('GET', `/s/${SECRET}/download/pdf`);
    assertValidation(res, [
      { loc: ['path', 'format'], msg: 'Input should be "text", "json", "srt" or "vtt"', type: 'enum' },
    ]);
  });
});

describe('share routes: presenting', () => {
  it('shows the link once, at creation, under the public base URL', async () => {
    const token = gateway.backends.pat(['shares:read', 'shares:write']);
    const created = await gateway.call('POST', '/api/v1/shares', {
      token,
      body: createBody,
      headers: { 'idempotency-key': 'share-42' },
    });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.body.data, {
      share_id: 'shr_1',
      share_kind: 'transcript',
      access_scope: 'everyone',
      target_id: 'art_1',
      target_version_id: null,
      title: 'Interview',
      status: 'active',
      share_url: `${PUBLIC_BASE_URL}/s/${SECRET}`,
      token_hint: 'abcd',
      expires_at: null,
      open_count: 3,
      last_opened_at: null,
      created_at: CREATED.toISOString(),
      updated_at: LATER.toISOString(),
      rotated_at: null,
      revoked_at: null,
    });
    assert.deepEqual(gateway.backends.received('shares', 'createShare').at(-1), {
      userId: USER_ID,
      shareKind: 'transcript',
      artifactId: 'art_1',
      accessScope: 'everyone',
      targetVersionId: '',
      expiresAt: undefined,
      title: '',
      idempotencyKey: 'share-42',
    });
    const listed = await gateway.call('GET', '/api/v1/shares', { token });
    assert.equal(listed.body.data[0].share_url, null);
  });

  it('opens a link without a credential, as a page with strict headers', async () => {
    const res = await gateway.call('GET', `/s/${SECRET}`, { headers: { accept: 'text/html' } });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.text, '<p>Hello.</p>');
    assert.equal(res.headers.get('content-security-policy'), "style-src 'x'");
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal(res.headers.get('x-frame-options'), 'DENY');
    assert.equal(res.headers.get('content-disposition'), null);
    assert.deepEqual(gateway.backends.received('shares', 'renderShare').at(-1), {
      token: SECRET,
      format: 'html',
      basePath: `/s/${SECRET}`,
    });
    const download = await gateway.call('GET', `/s/${SECRET}/download/text`);
    assert.equal(download.text, 'Hello.');
    assert.match(download.headers.get('content-disposition') ?? '', /^attachment; filename="interview.txt"/);
  });

  it('shows a dead link to a browser as a page that says nothing more, and to a client as JSON', async () => {
    gateway.backends.use({
      shares: {
        renderShare: async () => {
          throw new AppError('not_found', 'No share has this token.');
        },
      },
    });
    const page = await gateway.call('GET', `/s/${SECRET}`, { headers: { accept: 'text/html' } });
    assert.equal(page.status, 404);
    assert.match(page.text, /This link does not exist or is no longer shared\./);
    assert.equal(
      page.headers.get('content-security-policy'),
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    const json = await gateway.call('GET', `/s/${SECRET}`, { headers: { accept: 'application/json' } });
    assertError(json, 404, 'not_found', 'No share has this token.');
  });
});

describe('share routes: what shares is asked', () => {
  it('passes the list filters and an update’s fields to shares, an expiry of null clearing it', async () => {
    const token = gateway.backends.pat(['shares:read', 'shares:write']);
    const query = 'target_id=art_1&target_version_id=ver_1&include_inactive=true';
    assert.equal((await gateway.call('GET', `/api/v1/shares?${query}`, { token })).status, 200);
    const { userId, targetId, targetVersionId, includeInactive } = gateway.backends
      .received('shares', 'listShares')
      .at(-1) as Record<string, unknown>;
    assert.deepEqual(
      { userId, targetId, targetVersionId, includeInactive },
      { userId: USER_ID, targetId: 'art_1', targetVersionId: 'ver_1', includeInactive: true },
    );
    const update = async (body: object) => {
      assert.equal((await gateway.call('PATCH', '/api/v1/shares/shr_1', { token, body })).status, 200);
      const { title, targetVersionId, expiresAt, clearExpiry } = gateway.backends
        .received('shares', 'updateShare')
        .at(-1) as Record<string, unknown>;
      return { title, targetVersionId, expiresAt, clearExpiry };
    };
    const later = '2099-01-01T00:00:00.000Z';
    assert.deepEqual(await update({ title: 'Kept', expires_at: later, target_version_id: null }), {
      title: 'Kept',
      targetVersionId: '',
      expiresAt: new Date(later),
      clearExpiry: false,
    });
    assert.deepEqual(await update({ expires_at: null }), {
      title: undefined,
      targetVersionId: undefined,
      expiresAt: undefined,
      clearExpiry: true,
    });
  });
});

describe('share routes: backend errors', () => {
  itMapsBackendErrors(
    () => gateway,
    { backend: 'shares', method: 'rotateShare' },
    [
      ['not_found', 404, 'The resource was not found.'],
      ['conflict', 409, 'The resource conflicts with an existing one.'],
      ...TRANSPORT_ERRORS,
    ],
    (g) =>
      g.call('POST', '/api/v1/shares/shr_1/rotate', {
        token: gateway.backends.pat(['shares:write']),
      }),
  );
});
