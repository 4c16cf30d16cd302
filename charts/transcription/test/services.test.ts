// The Services in front of the fleet: every service image deployed, listening where probes and
// peers reach it, and the gateway dialling each backend.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { repoRoot } from '../../../tools/dev/helm.ts';
import { byKind, find, podTemplate } from './manifests.ts';
import { envOf, imagedServices, presentServices, testRendered } from './support.ts';

/**
 * The listen-address variables (HOST, *_HOST) of a service: the keys of the <Name>ConfigSchema its
 * src/config.ts exports, setting groups of @tp/config included.
 */
async function listenAddresses(service: string): Promise<string[]> {
  const config = (await import(join(repoRoot, 'services', service, 'src/config.ts'))) as Record<string, unknown>;
  const schema = Object.entries(config).find(([name]) => name.endsWith('ConfigSchema'))?.[1] as
    | { shape?: Record<string, unknown> }
    | undefined;
  if (!schema?.shape) throw new Error(`services/${service}/src/config.ts exports no <Name>ConfigSchema object`);
  return Object.keys(schema.shape).filter((name) => /(^|_)HOST$/.test(name));
}

testRendered({
  'every service with an image is deployed with a Service in front, but the worker, which only dials out': (
    manifests,
  ) => {
    const services = imagedServices();
    assert.ok(services.length >= 2);
    assert.ok(services.includes('worker') && services.includes('jobs') && services.includes('shares'));
    for (const service of services) {
      const deployment = find(manifests, 'Deployment', service);
      assert.ok(podTemplate(deployment).spec.containers.some((container) => container.name === service));
      if (service === 'worker') {
        assert.ok(
          !byKind(manifests, 'Service').some(
            (kube) => kube.metadata.labels?.['app.kubernetes.io/component'] === 'worker',
          ),
          'no Service for the worker',
        );
        continue;
      }
      const kube = find(manifests, 'Service', service);
      assert.ok(podTemplate(deployment).spec.containers.some((container) => container.name === service));
      const selector = (kube.spec as { selector?: Record<string, string> }).selector ?? {};
      const labels = podTemplate(deployment).metadata?.labels ?? {};
      for (const [key, value] of Object.entries(selector))
        assert.equal(labels[key], value, `${service} Service selects its pods`);
      const targetPorts = ((kube.spec as { ports?: Array<{ targetPort?: string | number }> }).ports ?? []).map(
        (port) => port.targetPort,
      );
      const containerPorts = podTemplate(deployment).spec.containers.flatMap((container) =>
        (container.ports ?? []).map((port) => port.name),
      );
      for (const target of targetPorts)
        assert.ok(containerPorts.includes(String(target)), `${service} Service targets port ${String(target)}`);
    }
  },

  'every listen address a service reads (*_HOST) is set to 0.0.0.0, or probes and peers cannot reach it': async (
    manifests,
  ) => {
    for (const service of presentServices()) {
      const hosts = await listenAddresses(service);
      assert.ok(hosts.length > 0, `${service} listens somewhere`);
      const container = podTemplate(find(manifests, 'Deployment', service)).spec.containers[0];
      assert.ok(container);
      for (const host of hosts) assert.equal(envOf(container, host).value, '0.0.0.0', `${service} ${host}`);
    }
  },

  'the gateway dials the accounts, billing, artifacts, media, jobs and shares Services, and the web Service over HTTP':
    (manifests) => {
      const gateway = podTemplate(find(manifests, 'Deployment', 'gateway')).spec.containers[0];
      assert.ok(gateway);
      const web = find(manifests, 'Service', 'web');
      const webPort = (web.spec as { ports: Array<{ port: number; targetPort: string }> }).ports[0];
      assert.equal(envOf(gateway, 'WEB_URL').value, `http://${web.metadata.name}:8080`);
      assert.deepEqual(webPort && [webPort.port, webPort.targetPort], [8080, 'http']);
      for (const [variable, component] of [
        ['ACCOUNTS_GRPC_ADDR', 'accounts'],
        ['BILLING_GRPC_ADDR', 'billing'],
        ['ARTIFACTS_GRPC_ADDR', 'artifacts'],
        ['MEDIA_GRPC_ADDR', 'media'],
        ['JOBS_GRPC_ADDR', 'jobs'],
        ['SHARES_GRPC_ADDR', 'shares'],
      ] as const) {
        const service = find(manifests, 'Service', component);
        const port = (service.spec as { ports: Array<{ port: number; targetPort: string }> }).ports[0];
        assert.equal(envOf(gateway, variable).value, `${service.metadata.name}:${port?.port}`);
        assert.equal(port?.targetPort, 'grpc');
      }
      assert.equal(
        envOf(gateway, 'MEDIA_GRPC_ADDR').value,
        `${find(manifests, 'Service', 'media').metadata.name}:50052`,
      );
      assert.equal(
        envOf(gateway, 'BILLING_GRPC_ADDR').value,
        `${find(manifests, 'Service', 'billing').metadata.name}:50053`,
      );
      assert.equal(
        envOf(gateway, 'ARTIFACTS_GRPC_ADDR').value,
        `${find(manifests, 'Service', 'artifacts').metadata.name}:50054`,
      );
      assert.equal(envOf(gateway, 'JOBS_GRPC_ADDR').value, `${find(manifests, 'Service', 'jobs').metadata.name}:50055`);
      assert.equal(
        envOf(gateway, 'SHARES_GRPC_ADDR').value,
        `${find(manifests, 'Service', 'shares').metadata.name}:50056`,
      );
      assert.equal(envOf(gateway, 'HOST').value, '0.0.0.0');
    },
});
