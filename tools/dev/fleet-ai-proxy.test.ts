// `make up`'s ai-proxy (ADR 0020): its documented ports, billing's address, and the AI_* settings
// of the caller's environment passed on, so `AI_UPSTREAM_URL=… make up` reaches the service.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fleet } from './fleet.ts';
import { layout } from './layout.ts';
import { platformFrom } from './platform.ts';
import { PLATFORM_SECRETS } from './test-fixtures.ts';

const dirs = layout('/tmp/tp-platform-test');
/** The environment without the keys and certificates every service gets (fleet.test.ts checks those). */
const withoutKeys = (env: Record<string, string>) =>
  Object.fromEntries(Object.entries(env).filter(([name]) => !/^(SERVICE_|GRPC_TLS_)/.test(name)));

test('ai-proxy runs on its documented ports, before the web app and the gateway, with billing and no upstream by default', () => {
  const services = fleet(platformFrom({}, PLATFORM_SECRETS, dirs));
  const names = services.map((s) => s.name);
  assert.deepEqual(names.slice(names.indexOf('ai-proxy')), ['ai-proxy', 'web', 'gateway']);
  const aiProxy = services.find((s) => s.name === 'ai-proxy')!;
  assert.equal(aiProxy.entry, 'services/ai-proxy/src/main.ts');
  assert.equal(aiProxy.healthUrl, 'http://127.0.0.1:9110/readyz');
  assert.deepEqual(withoutKeys(aiProxy.env), {
    GRPC_HOST: '127.0.0.1',
    GRPC_PORT: '50058',
    OPS_PORT: '9110',
    BILLING_GRPC_ADDR: '127.0.0.1:50053',
    LOG_LEVEL: 'info',
  });
  assert.equal(services.find((s) => s.name === 'gateway')!.env.AI_PROXY_GRPC_ADDR, '127.0.0.1:50058');
});

test("the caller's ports and AI_* settings reach ai-proxy; the gateway follows its port", () => {
  const routes = JSON.stringify({ 'svc-chat': { model: 'llama3' } });
  const services = fleet(
    platformFrom(
      {
        AI_PROXY_GRPC_PORT: '50068',
        AI_PROXY_OPS_PORT: '9120',
        BILLING_GRPC_PORT: '50063',
        AI_UPSTREAM_URL: 'http://127.0.0.1:11434/v1',
        AI_UPSTREAM_API_KEY: 'sk-upstream',
        AI_MODEL_ROUTES: routes,
      },
      PLATFORM_SECRETS,
      dirs,
    ),
  );
  const aiProxy = services.find((s) => s.name === 'ai-proxy')!;
  assert.equal(aiProxy.env.GRPC_PORT, '50068');
  assert.equal(aiProxy.healthUrl, 'http://127.0.0.1:9120/readyz');
  assert.equal(aiProxy.env.BILLING_GRPC_ADDR, '127.0.0.1:50063', 'ai-proxy follows the billing port');
  assert.equal(aiProxy.env.AI_UPSTREAM_URL, 'http://127.0.0.1:11434/v1');
  assert.equal(aiProxy.env.AI_UPSTREAM_API_KEY, 'sk-upstream');
  assert.equal(aiProxy.env.AI_MODEL_ROUTES, routes);
  assert.equal(services.find((s) => s.name === 'gateway')!.env.AI_PROXY_GRPC_ADDR, '127.0.0.1:50068');
  for (const other of services.filter((s) => s.name !== 'ai-proxy'))
    assert.equal(other.env.AI_UPSTREAM_API_KEY, undefined, `${other.name} is not given the upstream key`);
});
