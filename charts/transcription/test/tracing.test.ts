// Tracing (ADR 0003): one value, config.otelExporterOtlpEndpoint, points every service at an
// OTLP/HTTP collector: each service's Deployment, every worker pool included, reads
// OTEL_EXPORTER_OTLP_ENDPOINT from the fleet ConfigMap, and without the value the key (so the
// variable) is absent and tracing exports nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byKind, podTemplate, render, valuesFile, type Manifest } from './manifests.ts';
import { envOf, imagedServices } from './support.ts';

const COLLECTOR = 'http://otel-collector.observability.svc:4318';

function configMapData(manifests: Manifest[]): Record<string, string> {
  const [configMap, ...others] = byKind(manifests, 'ConfigMap').filter((m) => m.metadata.name?.endsWith('-config'));
  assert.ok(configMap && others.length === 0, 'one fleet ConfigMap');
  return ((configMap as { data?: Record<string, string> }).data ?? {}) as Record<string, string>;
}

/** The service containers of every Deployment, with their component (a worker pool's is `worker`). */
function serviceContainers(manifests: Manifest[]) {
  return byKind(manifests, 'Deployment').flatMap((deployment) =>
    podTemplate(deployment).spec.containers.map((container) => ({
      deployment: deployment.metadata.name ?? '',
      component: deployment.metadata.labels?.['app.kubernetes.io/component'] ?? '',
      container,
    })),
  );
}

test('one value sends the traces of every service, each worker pool, ai-proxy and webhook-dispatcher included', async () => {
  const manifests = await render(
    await valuesFile({
      config: { otelExporterOtlpEndpoint: COLLECTOR },
      worker: { pools: { gpu: { enabled: true, models: { existingClaim: 'whisper-models' } } } },
    }),
  );
  assert.equal(configMapData(manifests).OTEL_EXPORTER_OTLP_ENDPOINT, COLLECTOR);
  const containers = serviceContainers(manifests);
  const configMapName = byKind(manifests, 'ConfigMap').find((m) => m.metadata.name?.endsWith('-config'))?.metadata.name;
  for (const { deployment, container } of containers) {
    const ref = envOf(container, 'OTEL_EXPORTER_OTLP_ENDPOINT').valueFrom?.configMapKeyRef;
    assert.deepEqual(
      { name: ref?.name, key: ref?.key },
      { name: configMapName, key: 'OTEL_EXPORTER_OTLP_ENDPOINT' },
      `${deployment}/${container.name}`,
    );
  }
  const components = new Set(containers.map((c) => c.component));
  for (const service of imagedServices()) assert.ok(components.has(service), `${service} has a Deployment`);
  for (const component of ['ai-proxy', 'webhook-dispatcher', 'worker']) assert.ok(components.has(component));
  assert.deepEqual(
    containers.filter((c) => c.component === 'worker').map((c) => c.deployment),
    ['cpu', 'gpu'].map((pool) => `tp-transcription-worker-${pool}`),
    'both pools',
  );
});

test('without the value no service gets the variable: the ConfigMap has no key and the references are optional', async () => {
  const manifests = await render();
  assert.equal('OTEL_EXPORTER_OTLP_ENDPOINT' in configMapData(manifests), false);
  for (const { deployment, container } of serviceContainers(manifests))
    assert.equal(
      envOf(container, 'OTEL_EXPORTER_OTLP_ENDPOINT').valueFrom?.configMapKeyRef?.optional,
      true,
      `${deployment}/${container.name}`,
    );
});
