import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AppError } from '@tp/errors';
import { createStreamingClient, onBehalfOf } from '@tp/grpc';
import { createLogger } from '@tp/logging';
import { AiProxyServiceService } from '@tp/proto';
import { freePort, testPki, testServiceKeys } from '@tp/testing';
import { AiProxyConfigSchema } from '../src/config.ts';
import { type RunningAiProxy, startAiProxyService } from '../src/service.ts';

const log = createLogger({ service: 'ai-proxy-test', level: 'silent' });
const keys = testServiceKeys();
let service: RunningAiProxy;
let address: string;

before(async () => {
  // No upstream and no billing: every call is refused or answered before either is needed.
  const config = AiProxyConfigSchema.parse({
    GRPC_PORT: String(await freePort()),
    OPS_PORT: String(await freePort()),
    BILLING_GRPC_ADDR: `127.0.0.1:${await freePort()}`,
    ...keys.env('ai-proxy'),
  });
  service = await startAiProxyService(config, log);
  address = `127.0.0.1:${service.grpcPort}`;
});

after(async () => {
  await service?.stop();
});

/** One Relay call as `caller` (none: unsigned), acting for `actingFor`; the AppError it ends with. */
async function relayAs(caller: 'gateway' | 'billing' | null, userId: string, actingFor?: string): Promise<AppError> {
  const client = createStreamingClient(AiProxyServiceService, address, {
    defaultDeadlineMs: 30_000,
    tls: testPki().tls(caller ?? 'gateway'),
    serverName: 'ai-proxy',
    ...(caller ? { identity: { signer: keys.signer(caller), audience: 'ai-proxy' as const } } : {}),
  });
  const request = { userId, operation: 'chat.completions', reference: 'aic_test', body: Buffer.from('{}') };
  try {
    const run = async () => {
      for await (const _ of client.relay(request)) assert.fail('no frame expected');
    };
    await (actingFor ? onBehalfOf(actingFor, run) : run());
    return assert.fail('expected a refusal');
  } catch (err) {
    return err as AppError;
  } finally {
    client.close();
  }
}

describe('who may call ai-proxy (ADR 0011)', () => {
  it('refuses unsigned calls, other services and another user than the request names', async () => {
    assert.equal((await relayAs(null, 'usr_a', 'usr_a')).code, 'caller_unauthenticated');
    assert.equal((await relayAs('billing', 'usr_a', 'usr_a')).code, 'caller_not_allowed');
    assert.equal((await relayAs('gateway', 'usr_a')).code, 'caller_user_mismatch');
    assert.equal((await relayAs('gateway', 'usr_a', 'usr_b')).code, 'caller_user_mismatch');
  });

  it('lets the gateway in for its user: a bad body is bad_request; no upstream is ai_upstream_not_configured', async () => {
    assert.equal((await relayAs('gateway', 'usr_a', 'usr_a')).code, 'bad_request', '{} names no model');
    const client = createStreamingClient(AiProxyServiceService, address, {
      defaultDeadlineMs: 30_000,
      identity: { signer: keys.signer('gateway'), audience: 'ai-proxy' },
      tls: testPki().tls('gateway'),
    });
    const body = Buffer.from(JSON.stringify({ model: 'svc-chat', messages: [{ role: 'user', content: 'Hi' }] }));
    await assert.rejects(
      onBehalfOf('usr_a', async () => {
        for await (const _ of client.relay({
          userId: 'usr_a',
          operation: 'chat.completions',
          reference: 'aic_x',
          body,
        }));
      }),
      (err: AppError) => err.code === 'ai_upstream_not_configured' && /AI_UPSTREAM_URL/.test(err.message),
    );
    client.close();
  });
});

describe('the upstream settings', () => {
  const parse = (env: Record<string, string>) => AiProxyConfigSchema.safeParse({ ...keys.env('ai-proxy'), ...env });

  it('takes a /v1 base URL and alias routes with a fallback', () => {
    const parsed = parse({
      AI_UPSTREAM_URL: 'https://api.example.com/v1/',
      AI_MODEL_ROUTES: JSON.stringify({
        'svc-chat': { model: 'gpt-4o', fallback: { url: 'http://vllm:8000/v1', api_key_env: 'VLLM_KEY' } },
      }),
    });
    assert.ok(parsed.success, parsed.error?.message);
    assert.equal(parsed.data.AI_UPSTREAM_URL, 'https://api.example.com/v1');
    assert.equal(parsed.data.AI_MODEL_ROUTES['svc-chat']?.fallback?.url, 'http://vllm:8000/v1');
  });

  it('refuses a URL not ending in /v1, an unknown alias, an unknown field and text that is not JSON', () => {
    const bad: Record<string, string>[] = [
      { AI_UPSTREAM_URL: 'https://api.example.com' },
      { AI_MODEL_ROUTES: JSON.stringify({ 'gpt-4o': { model: 'x' } }) },
      { AI_MODEL_ROUTES: JSON.stringify({ 'svc-chat': { modle: 'x' } }) },
      { AI_MODEL_ROUTES: '{not json' },
    ];
    for (const env of bad) assert.equal(parse(env).success, false, JSON.stringify(env));
  });
});
