// The `helm test` Pod (templates/tests/smoke.yaml): a test hook whose init container provisions the
// smoke user and token with tsctl (tools/smoke/src/provision.ts) into an in-memory volume and whose
// container runs tools/smoke against the gateway's Service; hardened like every pod, admitted by
// the NetworkPolicies it needs, and gone with tests.enabled false.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { IPod } from 'kubernetes-models/v1/Pod';
import { repoRoot } from '../../../tools/dev/helm.ts';
import { byKind, render, validateManifest, valuesFile, type Manifest } from './manifests.ts';
import { policyOf, ruleFor } from './network.ts';
import { annotations, envOf, testRendered } from './support.ts';

const COMPONENT = 'smoke-test';

function smokePod(manifests: Manifest[]): Manifest & IPod {
  const pods = byKind(manifests, 'Pod').filter(
    (pod) => pod.metadata.labels?.['app.kubernetes.io/component'] === COMPONENT,
  );
  assert.equal(pods.length, 1, 'one helm test Pod');
  return pods[0] as Manifest & IPod;
}

const admitsSmoke = (peers: { podSelector?: { matchLabels?: Record<string, string> } }[] | undefined) =>
  (peers ?? []).some((peer) => peer.podSelector?.matchLabels?.['app.kubernetes.io/component'] === COMPONENT);

testRendered({
  'the test Pod is a valid test hook, deleted once it succeeds': async (manifests) => {
    const pod = smokePod(manifests);
    await validateManifest(pod);
    assert.deepEqual(annotations(pod), {
      'helm.sh/hook': 'test',
      'helm.sh/hook-weight': '0',
      'helm.sh/hook-delete-policy': 'before-hook-creation,hook-succeeded',
    });
    assert.equal(pod.spec?.restartPolicy, 'Never');
    assert.equal(pod.spec?.activeDeadlineSeconds, 300 + 120);
  },

  'it is hardened like every pod, with bounded resources': (manifests) => {
    const spec = smokePod(manifests).spec!;
    assert.equal(spec.securityContext?.runAsNonRoot, true);
    assert.equal(spec.securityContext?.seccompProfile?.type, 'RuntimeDefault');
    assert.equal(spec.automountServiceAccountToken, false);
    assert.equal(spec.serviceAccountName, undefined, 'no ServiceAccount: it never calls the Kubernetes API');
    const token = spec.volumes?.find((volume) => volume.name === 'smoke-token');
    assert.equal(token?.emptyDir?.medium, 'Memory', 'the token stays in memory');
    for (const container of [...(spec.initContainers ?? []), ...spec.containers]) {
      const security = container.securityContext;
      assert.equal(security?.readOnlyRootFilesystem, true, container.name);
      assert.equal(security?.allowPrivilegeEscalation, false, container.name);
      assert.deepEqual(security?.capabilities?.drop, ['ALL'], container.name);
      assert.equal(security?.seccompProfile?.type, 'RuntimeDefault', container.name);
      assert.match(container.image ?? '', /transcription-migrations:/, container.name);
      for (const bound of ['requests', 'limits'] as const)
        for (const resource of ['cpu', 'memory'])
          assert.ok(container.resources?.[bound]?.[resource], `${container.name} ${bound}.${resource}`);
      assert.ok(container.volumeMounts?.some((mount) => mount.name === 'smoke-token' && mount.mountPath === '/smoke'));
    }
  },

  'the init container provisions with tsctl and the admin key; the smoke container has neither': (manifests) => {
    const spec = smokePod(manifests).spec!;
    const [init] = spec.initContainers ?? [];
    assert.equal(init?.name, 'token');
    assert.deepEqual(init.command, [
      'node',
      'tools/smoke/src/provision-main.ts',
      '--email',
      'smoke+tp@example.com',
      '--credits',
      '1',
      '--out',
      '/smoke/token',
    ]);
    assert.equal(envOf(init, 'ACCOUNTS_GRPC_ADDR').value, 'tp-transcription-accounts:50051');
    assert.equal(envOf(init, 'BILLING_GRPC_ADDR').value, 'tp-transcription-billing:50053');
    const secret = byKind(manifests, 'Secret').length > 0 ? 'tp-transcription-secrets' : 'transcription-secrets';
    assert.deepEqual(envOf(init, 'ADMIN_API_KEY').valueFrom?.secretKeyRef, { name: secret, key: 'ADMIN_API_KEY' });
    const [smoke] = spec.containers;
    assert.equal(smoke?.name, 'smoke');
    assert.deepEqual(smoke.command, ['node', 'tools/smoke/src/main.ts']);
    assert.equal(envOf(smoke, 'GATEWAY_URL').value, 'http://tp-transcription-gateway:80');
    assert.equal(envOf(smoke, 'SMOKE_TOKEN_FILE').value, '/smoke/token');
    assert.equal(envOf(smoke, 'SMOKE_TIMEOUT_SECONDS').value, '300');
    assert.equal(envOf(smoke, 'SMOKE_PROFILE').value, 'oracle');
    assert.ok(
      !smoke.env?.some((variable) => variable.name === 'ADMIN_API_KEY'),
      'the admin key stays in the init container',
    );
    assert.equal(smoke.volumeMounts?.find((mount) => mount.name === 'smoke-token')?.readOnly, true);
  },

  'the scripts it runs are in the repository (and so in the migration image)': () => {
    for (const file of ['tools/smoke/src/provision-main.ts', 'tools/smoke/src/main.ts', 'tools/cli/src/main.ts'])
      assert.ok(existsSync(join(repoRoot, file)), file);
  },

  'accounts and billing admit it on their gRPC ports, and no other backend does': (manifests) => {
    for (const policy of byKind(manifests, 'NetworkPolicy')) {
      const component = policy.metadata.labels?.['app.kubernetes.io/component'] ?? '';
      const rule = ruleFor(policy, 'grpc');
      assert.equal(admitsSmoke(rule?.from), ['accounts', 'billing'].includes(component), component);
    }
  },
});

test('a gateway open to named sources only admits the test Pod too', async () => {
  const from = [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }];
  const manifests = await render(await valuesFile({ networkPolicy: { gateway: { from } } }));
  const rule = ruleFor(policyOf(manifests, 'gateway'), 'http');
  assert.deepEqual(rule?.from?.[0], from[0]);
  assert.ok(admitsSmoke(rule?.from));
});

test('tests.enabled false renders no test Pod and admits it nowhere', async () => {
  const from = [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }];
  const manifests = await render(await valuesFile({ tests: { enabled: false }, networkPolicy: { gateway: { from } } }));
  assert.equal(byKind(manifests, 'Pod').length, 0);
  for (const policy of byKind(manifests, 'NetworkPolicy'))
    for (const rule of (policy.spec as { ingress: { from?: [] }[] }).ingress)
      assert.ok(!admitsSmoke(rule.from), policy.metadata.name);
});
