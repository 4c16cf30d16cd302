// Scraping (metrics.scrape): a ServiceMonitor over headless ops Services, pod annotations, or
// nothing; each way reaches every component's ops port, and the NetworkPolicies admit the Prometheus.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  byKind,
  lint,
  podTemplate,
  render,
  validateManifest,
  valuesFile,
  workloads,
  type Manifest,
} from './manifests.ts';
import { componentOf, policyOf, ruleFor, type Peer } from './network.ts';
import { POOL_LABEL } from './support.ts';

const PROMETHEUS: Peer[] = [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'observability' } } }];

async function renderScrape(scrape: string, extra: Record<string, unknown> = {}): Promise<Manifest[]> {
  return render(
    await valuesFile({ metrics: { scrape }, networkPolicy: { ops: { prometheus: PROMETHEUS } }, ...extra }),
  );
}

/** The Deployments of the fleet with the containerPort of their `ops` port. */
function opsPorts(manifests: Manifest[]): Array<{ deployment: Manifest; port: number }> {
  return byKind(manifests, 'Deployment').map((deployment) => {
    const ops = podTemplate(deployment)
      .spec.containers.flatMap((container) => container.ports ?? [])
      .find((port) => port.name === 'ops');
    assert.ok(ops, `${deployment.metadata.name} has an ops port`);
    return { deployment, port: ops.containerPort };
  });
}

const matches = (selector: Record<string, string>, labels: Record<string, string> | undefined) =>
  Object.entries(selector).every(([key, value]) => labels?.[key] === value);

const metricsServices = (manifests: Manifest[]) =>
  byKind(manifests, 'Service').filter((service) => componentOf(service) === 'metrics');

describe('metrics.scrape: serviceMonitor', () => {
  test('one ServiceMonitor selects a headless ops Service of each Deployment, on its ops port', async () => {
    const manifests = await renderScrape('serviceMonitor', {
      worker: { pools: { gpu: { enabled: true, models: { existingClaim: 'whisper-models' } } } },
    });
    const [monitor, ...more] = byKind(manifests, 'ServiceMonitor');
    assert.ok(monitor && more.length === 0, 'one ServiceMonitor');
    await validateManifest(monitor);
    const spec = monitor.spec as {
      selector: { matchLabels: Record<string, string> };
      endpoints: Array<{ port: string; path: string }>;
      jobLabel: string;
    };
    assert.deepEqual(
      spec.endpoints.map(({ port, path }) => ({ port, path })),
      [{ port: 'ops', path: '/metrics' }],
    );
    const selected = byKind(manifests, 'Service').filter((service) =>
      matches(spec.selector.matchLabels, service.metadata.labels as Record<string, string>),
    );
    assert.deepEqual(selected, metricsServices(manifests), 'it selects the metrics Services only');
    const deployments = opsPorts(manifests);
    assert.equal(selected.length, deployments.length, 'one per Deployment (each worker pool its own)');
    assert.ok(deployments.some(({ deployment }) => deployment.metadata.labels?.[POOL_LABEL] === 'gpu'));
    for (const { deployment, port } of deployments) {
      const labels = podTemplate(deployment).metadata?.labels ?? {};
      const services = selected.filter((service) =>
        matches((service.spec as { selector: Record<string, string> }).selector, labels),
      );
      assert.equal(services.length, 1, `${deployment.metadata.name}: one metrics Service selects its pods`);
      const service = services[0] as Manifest;
      await validateManifest(service);
      const serviceSpec = service.spec as { clusterIP: string; ports: Array<{ port: number; targetPort: string }> };
      assert.equal(serviceSpec.clusterIP, 'None', 'headless');
      assert.deepEqual(
        serviceSpec.ports.map(({ port: number, targetPort }) => ({ number, targetPort })),
        [{ number: port, targetPort: 'ops' }],
      );
      assert.equal(service.metadata.labels?.[spec.jobLabel], componentOf(deployment), 'the job label is the component');
      // No other pod is selected: a pool's Service selects its pool only.
      for (const other of byKind(manifests, 'Deployment'))
        if (other !== deployment)
          assert.ok(
            !matches(
              (service.spec as { selector: Record<string, string> }).selector,
              podTemplate(other).metadata?.labels ?? {},
            ),
          );
    }
  });

  test('every ops port admits the Prometheus peers; the gRPC ports do not', async () => {
    const manifests = await renderScrape('serviceMonitor');
    for (const { deployment } of opsPorts(manifests)) {
      const component = componentOf(deployment);
      assert.deepEqual(ruleFor(policyOf(manifests, component), 'ops')?.from, PROMETHEUS, component);
      const grpc = ruleFor(policyOf(manifests, component), 'grpc');
      assert.ok(!grpc?.from?.some((peer) => peer.namespaceSelector), component);
    }
  });

  test('networkPolicy.ops.from and the Prometheus peers add up', async () => {
    const other: Peer = { podSelector: { matchLabels: { app: 'blackbox' } } };
    const manifests = await renderScrape('serviceMonitor', {
      networkPolicy: { ops: { from: [other], prometheus: PROMETHEUS } },
    });
    assert.deepEqual(ruleFor(policyOf(manifests, 'jobs'), 'ops')?.from, [other, ...PROMETHEUS]);
  });

  test('metrics.labels label the ServiceMonitor and the PrometheusRule', async () => {
    const manifests = await renderScrape('serviceMonitor', {
      metrics: { scrape: 'serviceMonitor', labels: { release: 'kube-prometheus-stack' }, rules: { enabled: true } },
    });
    for (const kind of ['ServiceMonitor', 'PrometheusRule'])
      for (const manifest of byKind(manifests, kind))
        assert.equal(manifest.metadata.labels?.release, 'kube-prometheus-stack');
  });
});

describe('metrics.scrape: annotations', () => {
  test('every pod announces its ops port and path; no ServiceMonitor, no metrics Service', async () => {
    const manifests = await renderScrape('annotations');
    assert.equal(byKind(manifests, 'ServiceMonitor').length, 0);
    assert.equal(metricsServices(manifests).length, 0);
    for (const { deployment, port } of opsPorts(manifests)) {
      const annotations = podTemplate(deployment).metadata?.annotations ?? {};
      assert.equal(annotations['prometheus.io/scrape'], 'true', deployment.metadata.name);
      assert.equal(annotations['prometheus.io/port'], String(port), deployment.metadata.name);
      assert.equal(annotations['prometheus.io/path'], '/metrics', deployment.metadata.name);
      assert.deepEqual(ruleFor(policyOf(manifests, componentOf(deployment)), 'ops')?.from, PROMETHEUS);
    }
  });
});

describe('metrics.scrape: none (the default)', () => {
  test('nothing scrapes and nothing more is admitted', async () => {
    const manifests = await render();
    assert.equal(byKind(manifests, 'ServiceMonitor').length, 0);
    assert.equal(byKind(manifests, 'PrometheusRule').length, 0);
    assert.equal(metricsServices(manifests).length, 0);
    for (const workload of workloads(manifests)) {
      const annotations = podTemplate(workload).metadata?.annotations ?? {};
      assert.ok(!('prometheus.io/scrape' in annotations), workload.metadata.name);
    }
    for (const { deployment } of opsPorts(manifests))
      assert.equal(ruleFor(policyOf(manifests, componentOf(deployment)), 'ops'), undefined);
  });

  test('monitoring adds no pods: the workloads are the same in every mode', async () => {
    const names = (manifests: Manifest[]) => workloads(manifests).map((workload) => workload.metadata.name);
    const all = { rules: { enabled: true }, dashboards: { enabled: true } };
    const base = names(await render());
    for (const scrape of ['serviceMonitor', 'annotations'])
      assert.deepEqual(names(await render(await valuesFile({ metrics: { scrape, ...all } }))), base, scrape);
  });

  test('the schema refuses an unknown scrape mode and a runbook URL with a fragment', async () => {
    const mode = await lint(await valuesFile({ metrics: { scrape: 'podMonitor' } }));
    assert.notEqual(mode.code, 0);
    assert.match(mode.stdout + mode.stderr, /metrics\.scrape/);
    const url = await lint(await valuesFile({ metrics: { rules: { runbookUrl: 'https://x.example/a.md#top' } } }));
    assert.notEqual(url.code, 0);
    assert.match(url.stdout + url.stderr, /runbookUrl/);
  });
});
