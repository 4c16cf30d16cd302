// Rate limits per client address (sign-in, refused credentials, share pages, anonymous calls), and
// what the gateway does when the counter store is away: it fails open (ADR 0012).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@tp/errors';
import { createLogger } from '@tp/logging';
import { RenderShareResponse, SignInResponse } from '@tp/proto';
import { createTestBusNamespace, eventually, startPrivateNats } from '@tp/testing';
import { sampleDevice } from './samples.ts';
import { assertError, startTestGateway, type TestGateway } from './support.ts';

const IP_LIMITS = {
  sign_in: { limit: 2, window_seconds: 60 },
  credential_failure: { limit: 3, window_seconds: 60 },
  share_page: { limit: 2, window_seconds: 60 },
  anonymous: { limit: 3, window_seconds: 60 },
};
const SECRET = 'A'.repeat(43);
const signIn = { email: 'ada@example.com', password: 'correct horse' };
// Clients as a trusted proxy names them (X-Forwarded-For from loopback).
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

describe('rate limits per client address', () => {
  let gateway: TestGateway;
  before(async () => {
    gateway = await startTestGateway({ RATE_LIMIT_IP: JSON.stringify(IP_LIMITS), TRUST_PROXY: 'loopback' });
    gateway.backends.use({
      accounts: {
        signIn: async ({ password }) => {
          if (password !== signIn.password) throw new AppError('invalid_credentials');
          return SignInResponse.fromPartial({ sessionToken: 'session.jwt', device: sampleDevice() });
        },
      },
      shares: {
        renderShare: async () =>
          RenderShareResponse.fromPartial({ content: '<p>Hello.</p>', contentType: 'text/html; charset=utf-8' }),
      },
    });
  });
  after(() => gateway?.stop());

  it('counts every sign-in attempt of an address, right or wrong', async () => {
    const attempt = (ip: string, password = signIn.password) =>
      gateway.call('POST', '/api/v1/auth/sessions', { body: { ...signIn, password }, ...from(ip) });
    assert.equal((await attempt('203.0.113.1', 'wrong')).status, 401);
    assert.equal((await attempt('203.0.113.1')).status, 201);
    const refused = await attempt('203.0.113.1');
    assertError(refused, 429, 'rate_limited', /the sign_in limit is 2 per 60 s/, {
      policy: 'sign_in',
      retry_after_seconds: Number(refused.headers.get('retry-after')),
    });
    assert.equal(refused.headers.get('ratelimit-policy'), '"sign_in";q=2;w=60');
    assert.equal((await attempt('203.0.113.2')).status, 201, 'another address signs in');
  });

  it('refuses an address that presented too many bad credentials, even with a good one, before checking it', async () => {
    const good = gateway.backends.pat(['files:read']);
    for (let i = 0; i < 3; i += 1) {
      const res = await gateway.call('GET', '/api/v1/cloud-storage/usage', {
        token: 'tsk_guess',
        ...from('198.51.100.7'),
      });
      assert.equal(res.status, 401);
    }
    const asked = gateway.backends.received('accounts', 'authenticate').length;
    const blocked = await gateway.call('GET', '/api/v1/models', { token: good, ...from('198.51.100.7') });
    assertError(blocked, 429, 'rate_limited', /the credential_failure limit is 3 per 60 s/, {
      policy: 'credential_failure',
      retry_after_seconds: Number(blocked.headers.get('retry-after')),
    });
    assert.equal(gateway.backends.received('accounts', 'authenticate').length, asked, 'accounts was not asked');
    assert.equal((await gateway.call('GET', '/api/v1/models', { token: good, ...from('198.51.100.8') })).status, 200);
  });

  it('limits the public share page and anonymous calls per address', async () => {
    const open = (ip: string) =>
      gateway.call('GET', `/s/${SECRET}`, { headers: { accept: 'text/plain', ...from(ip).headers } });
    for (let i = 0; i < 2; i += 1) assert.equal((await open('192.0.2.10')).status, 200);
    const refused = await open('192.0.2.10');
    assert.equal(refused.status, 429);
    assert.equal(refused.headers.get('ratelimit-policy'), '"share_page";q=2;w=60');
    assert.equal((await open('192.0.2.11')).status, 200);

    for (let i = 0; i < 3; i += 1)
      assert.equal((await gateway.call('GET', '/api/v1/models', from('192.0.2.10'))).status, 200);
    const anonymous = await gateway.call('GET', '/api/v1/models', from('192.0.2.10'));
    assert.equal(anonymous.status, 429);
    assert.equal(anonymous.body.detail.policy, 'anonymous');
  });
});

describe('rate limits without their store', () => {
  it('fail open while NATS is away, with one logged warning, and count again once it is back', async () => {
    const nats = await startPrivateNats();
    const lines: Record<string, unknown>[] = [];
    const log = createLogger({
      service: 'gateway-test',
      level: 'warn',
      destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
    // The private NATS has the run's authority: its own namespace, provisioned there.
    const namespace = createTestBusNamespace();
    await namespace.provision(nats.url);
    const gateway = await startTestGateway(
      {
        NATS_URL: nats.url,
        NATS_PREFIX: namespace.prefix,
        NATS_CREDENTIALS_FILE: await namespace.credentialsFor('gateway'),
        RATE_LIMIT_STORE_TIMEOUT_MS: '200',
        RATE_LIMIT_STORE_RETRY_MS: '200',
      },
      { log },
    );
    try {
      const token = gateway.backends.pat(['files:read']);
      const models = () => gateway.call('GET', '/api/v1/models', { token });
      assert.match((await models()).headers.get('ratelimit') ?? '', /^"token";r=599;/);

      await nats.kill();
      for (let i = 0; i < 5; i += 1) {
        const res = await models();
        assert.equal(res.status, 200, res.text);
        assert.equal(res.headers.get('ratelimit'), null, 'nothing counted, nothing claimed');
        assert.equal(res.headers.get('ratelimit-policy'), '"token";q=600;w=60');
      }
      const warnings = lines.filter(
        (l) => l.msg === 'rate limit store unavailable; requests pass uncounted (failing open)',
      );
      assert.equal(warnings.length, 1);

      await nats.restart();
      await eventually('counting again', async () => (await models()).headers.get('ratelimit') !== null, 30_000);
    } finally {
      await nats.restart().catch(() => undefined);
      await gateway.stop();
      await nats.stop();
    }
  });

  it('are off with RATE_LIMITS_ENABLED=false', async () => {
    const gateway = await startTestGateway({ RATE_LIMITS_ENABLED: 'false', RATE_LIMIT_IP: JSON.stringify(IP_LIMITS) });
    try {
      for (let i = 0; i < 5; i += 1) {
        const res = await gateway.call('GET', '/api/v1/models');
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('ratelimit-policy'), null);
      }
    } finally {
      await gateway.stop();
    }
  });
});
