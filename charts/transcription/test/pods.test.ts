// Every pod of the chart: hardened, bounded, probed, and rolled when its configuration changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byKind, find, podTemplate, render, valuesFile, workloads } from './manifests.ts';
import { containersOf, testRendered } from './support.ts';

testRendered({
  'every pod is non-root, seccomp-confined, and has a writable /tmp only': (manifests) => {
    for (const workload of workloads(manifests)) {
      const { spec } = podTemplate(workload);
      const where = `${workload.kind} ${workload.metadata.name}`;
      assert.equal(spec.securityContext?.runAsNonRoot, true, where);
      assert.ok((spec.securityContext?.runAsUser ?? 0) > 0, `${where} runs as a numeric non-root user`);
      assert.equal(spec.securityContext?.seccompProfile?.type, 'RuntimeDefault', where);
      assert.equal(spec.automountServiceAccountToken, false, where);
      const tmp = spec.volumes?.find((volume) => volume.name === 'tmp');
      assert.ok(tmp?.emptyDir, `${where} has a tmp emptyDir`);
      for (const container of containersOf(workload)) {
        const at = `${where} container ${container.name}`;
        const security = container.securityContext;
        assert.equal(security?.runAsNonRoot ?? spec.securityContext?.runAsNonRoot, true, at);
        assert.equal(security?.readOnlyRootFilesystem, true, at);
        assert.equal(security?.allowPrivilegeEscalation, false, at);
        assert.notEqual(security?.privileged, true, at);
        assert.deepEqual(security?.capabilities?.drop, ['ALL'], at);
        assert.deepEqual(security?.capabilities?.add ?? [], [], at);
        // On the container too, not only inherited from the pod: what scanners read.
        assert.equal(security?.seccompProfile?.type, 'RuntimeDefault', at);
        assert.ok(
          container.volumeMounts?.some((mount) => mount.name === 'tmp' && mount.mountPath === '/tmp'),
          `${at} mounts /tmp`,
        );
      }
    }
  },

  'every container sets cpu and memory requests and limits': (manifests) => {
    for (const workload of workloads(manifests)) {
      for (const container of containersOf(workload)) {
        const at = `${workload.metadata.name}/${container.name}`;
        for (const bound of ['requests', 'limits'] as const) {
          for (const resource of ['cpu', 'memory']) {
            assert.ok(container.resources?.[bound]?.[resource] !== undefined, `${at} ${bound}.${resource}`);
          }
        }
      }
    }
  },

  'every long-running container has liveness and readiness probes on a declared port': (manifests) => {
    const deployments = byKind(manifests, 'Deployment');
    assert.ok(deployments.length > 0);
    for (const deployment of deployments) {
      for (const container of podTemplate(deployment).spec.containers) {
        const at = `${deployment.metadata.name}/${container.name}`;
        const ports = new Set((container.ports ?? []).flatMap((port) => [port.name, port.containerPort]));
        for (const probe of [container.livenessProbe, container.readinessProbe]) {
          assert.ok(probe, `${at} has the probe`);
          const port = probe.httpGet?.port ?? probe.grpc?.port ?? probe.tcpSocket?.port;
          assert.ok(port !== undefined && ports.has(port), `${at} probes a declared port (${String(port)})`);
        }
        assert.equal(container.livenessProbe?.httpGet?.path, '/healthz', at);
        assert.equal(container.readinessProbe?.httpGet?.path, '/readyz', at);
      }
    }
  },

  'pods carry a config checksum so configuration changes roll them': (manifests) => {
    for (const deployment of byKind(manifests, 'Deployment')) {
      assert.match(
        podTemplate(deployment).metadata?.annotations?.['checksum/config'] ?? '',
        /^[a-f0-9]{64}$/,
        deployment.metadata.name,
      );
    }
  },
});

test('a config change changes the pods checksum; an unrelated change does not', async () => {
  const checksum = async (values: unknown) =>
    podTemplate(find(await render(await valuesFile(values)), 'Deployment', 'gateway')).metadata?.annotations?.[
      'checksum/config'
    ];
  const base = await checksum({ config: { logLevel: 'info' } });
  assert.equal(await checksum({ config: { logLevel: 'info' }, gateway: { replicas: 5 } }), base);
  assert.notEqual(await checksum({ config: { logLevel: 'debug' } }), base);
});
