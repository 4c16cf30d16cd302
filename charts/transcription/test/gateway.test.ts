// The public edge: the gateway's autoscaling and the ingress in front of it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { byKind, find, productionValues, render, validateManifest, valuesFile } from './manifests.ts';
import { container, envOf } from './support.ts';

test('autoscaling hands the gateway replica count to an HPA', async () => {
  const manifests = await render(
    await valuesFile({ gateway: { autoscaling: { enabled: true, minReplicas: 3, maxReplicas: 9 } } }),
  );
  const deployment = find(manifests, 'Deployment', 'gateway');
  assert.equal((deployment.spec as { replicas?: number }).replicas, undefined);
  const hpa = find(manifests, 'HorizontalPodAutoscaler', 'gateway');
  assert.equal((hpa.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name, deployment.metadata.name);
  for (const manifest of manifests) await validateManifest(manifest);
  const plain = await render();
  assert.equal(byKind(plain, 'HorizontalPodAutoscaler').length, 0);
  assert.equal((find(plain, 'Deployment', 'gateway').spec as { replicas?: number }).replicas, 2);
});

test('the ingress routes to the gateway Service port', async () => {
  const manifests = await render(productionValues);
  const ingress = find(manifests, 'Ingress', 'gateway');
  const service = find(manifests, 'Service', 'gateway');
  const rules = (
    ingress.spec as {
      rules: Array<{ http: { paths: Array<{ backend: { service: { name: string; port: { name: string } } } }> } }>;
    }
  ).rules;
  const portNames = (service.spec as { ports: Array<{ name: string }> }).ports.map((port) => port.name);
  for (const path of rules.flatMap((rule) => rule.http.paths)) {
    assert.equal(path.backend.service.name, service.metadata.name);
    assert.ok(portNames.includes(path.backend.service.port.name));
  }
});

test('the ingress routes the API (/api/) and the share pages (/s/<token>) to the gateway, on the host of config.publicBaseUrl', async () => {
  type Rules = Array<{
    host: string;
    http: { paths: Array<{ path: string; pathType: string; backend: { service: { name: string } } }> };
  }>;
  // A path reaches a request path when it is a Prefix (or ImplementationSpecific) ancestor of it.
  const routes = (rules: Rules, host: string, requestPath: string) =>
    rules
      .filter((rule) => rule.host === host)
      .flatMap((rule) => rule.http.paths)
      .filter((path) => path.pathType !== 'Exact' && requestPath.startsWith(`${path.path.replace(/\/$/, '')}/`))
      .map((path) => path.backend.service.name);
  for (const files of [[productionValues], [await valuesFile({ gateway: { ingress: { enabled: true } } })]]) {
    const manifests = await render(...files);
    const ingress = find(manifests, 'Ingress', 'gateway');
    const gateway = find(manifests, 'Service', 'gateway').metadata.name;
    const rules = (ingress.spec as { rules: Rules }).rules;
    assert.ok(rules.length > 0);
    for (const { host } of rules) {
      for (const requestPath of ['/api/v1/jobs', '/s/tok_01example']) {
        assert.deepEqual([...new Set(routes(rules, host, requestPath))], [gateway], `${host}${requestPath}`);
      }
    }
  }
  // Share links are <config.publicBaseUrl>/s/<token>: the production example's URL is on its ingress host.
  const production = parse(await readFile(productionValues, 'utf8')) as {
    config: { publicBaseUrl: string };
    gateway: { ingress: { hosts: Array<{ host: string }> } };
  };
  assert.ok(
    production.gateway.ingress.hosts.some(({ host }) => host === new URL(production.config.publicBaseUrl).hostname),
  );
});

test('the gateway answers the readiness checks on its ops port, which no Service exposes', async () => {
  const manifests = await render(productionValues);
  const deployment = find(manifests, 'Deployment', 'gateway');
  type Container = {
    ports: Array<{ name: string; containerPort: number }>;
    env: Array<{ name: string; value?: string }>;
    readinessProbe: { httpGet: { path: string; port: string } };
  };
  const [container] = (deployment.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers;
  const env = Object.fromEntries(container!.env.map((e) => [e.name, e.value]));
  const ops = container!.ports.find((port) => port.name === 'ops');
  assert.equal(String(ops?.containerPort), env.OPS_PORT);
  assert.equal(env.OPS_HOST, '0.0.0.0');
  assert.notEqual(env.OPS_PORT, env.PORT);
  const service = find(manifests, 'Service', 'gateway');
  const targets = (service.spec as { ports: Array<{ targetPort: string }> }).ports.map((port) => port.targetPort);
  assert.deepEqual(targets, ['http']);
  assert.deepEqual(container!.readinessProbe.httpGet, { path: '/readyz', port: 'http' });
});

test('the gateway trusts X-Forwarded-For from in-cluster peers only by default, as gateway.trustProxy says', async () => {
  assert.equal(envOf(container(await render(), 'gateway'), 'TRUST_PROXY').value, 'loopback, uniquelocal');
  const hops = await render(await valuesFile({ gateway: { trustProxy: 1 } }));
  assert.equal(envOf(container(hops, 'gateway'), 'TRUST_PROXY').value, '1');
  await assert.rejects(render(await valuesFile({ gateway: { trustProxy: '' } })), /trustProxy/);
});
