// ai-proxy (ADR 0020): its Deployment and Service, billing's address, the provider settings, and
// the gateway's address of it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { find, render, valuesFile } from './manifests.ts';
import { container, envOf, testRendered } from './support.ts';

testRendered({
  'ai-proxy: gRPC 50058 and ops 9110 on 0.0.0.0, dials billing, no provider by default; the gateway dials it': (
    manifests,
  ) => {
    const aiProxy = container(manifests, 'ai-proxy');
    assert.deepEqual(Object.fromEntries((aiProxy.ports ?? []).map((port) => [port.name, port.containerPort])), {
      grpc: 50058,
      ops: 9110,
    });
    for (const [name, value] of Object.entries({
      GRPC_HOST: '0.0.0.0',
      GRPC_PORT: '50058',
      OPS_HOST: '0.0.0.0',
      OPS_PORT: '9110',
      AI_MODEL_ROUTES: '{}',
      AI_UPSTREAM_TIMEOUT_MS: '120000',
      AI_DEFAULT_MAX_OUTPUT_TOKENS: '4096',
    }))
      assert.equal(envOf(aiProxy, name).value, value, name);
    assert.match(envOf(aiProxy, 'BILLING_GRPC_ADDR').value ?? '', /-billing:50053$/);
    const names = (aiProxy.env ?? []).map((variable) => variable.name);
    assert.ok(!names.includes('AI_UPSTREAM_URL') && !names.includes('AI_UPSTREAM_API_KEY'));
    assert.match(envOf(container(manifests, 'gateway'), 'AI_PROXY_GRPC_ADDR').value ?? '', /-ai-proxy:50058$/);
    assert.ok(find(manifests, 'Service', 'ai-proxy'));
  },
});

test('the provider: its URL, its key from the operator Secret, the alias routes as JSON', async () => {
  const routes = { 'svc-chat': { model: 'gpt-4o' } };
  const manifests = await render(
    await valuesFile({
      'ai-proxy': {
        upstream: {
          url: 'https://api.openai.com/v1',
          apiKeySecret: { name: 'openai', key: 'token' },
          modelRoutes: routes,
        },
      },
    }),
  );
  const aiProxy = container(manifests, 'ai-proxy');
  assert.equal(envOf(aiProxy, 'AI_UPSTREAM_URL').value, 'https://api.openai.com/v1');
  assert.deepEqual(envOf(aiProxy, 'AI_UPSTREAM_API_KEY').valueFrom?.secretKeyRef, { name: 'openai', key: 'token' });
  assert.deepEqual(JSON.parse(envOf(aiProxy, 'AI_MODEL_ROUTES').value ?? ''), routes);
});
