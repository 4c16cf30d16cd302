// Service identity keys (ADR 0016): the hook Job that keeps the key Secret, its least-privilege
// RBAC, and every pod reading its OWN private key and every public key from that Secret.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../../tools/dev/helm.ts';
import { parseSyncArgs } from '../../../tools/service-keys/src/main.ts';
import { privateKeyEntry, PUBLIC_KEYS_ENTRY } from '../../../tools/service-keys/src/secret.ts';
import {
  byKind,
  find,
  podTemplate,
  render,
  validateManifest,
  valuesFile,
  workloads,
  type Manifest,
} from './manifests.ts';
import { annotations, containersOf, envOf, IDENTITY_ENV, identityServices, testRendered } from './support.ts';

const COMPONENT = 'service-keys';

function keyJob(manifests: Manifest[]) {
  const job = find(manifests, 'Job', COMPONENT);
  const container = podTemplate(job).spec.containers[0];
  assert.ok(container?.command);
  return { job, container, command: parseSyncArgs(container.command.slice(2)) };
}

/** Each Deployment with the identity component it must read: its own, `worker` for every pool. */
function identityOf(deployment: Manifest): string {
  return deployment.metadata.labels?.['app.kubernetes.io/component'] ?? '';
}

testRendered({
  'the hook Job keeps the key Secret for every service with an image, from the migration image': (manifests) => {
    const { job, container, command } = keyJob(manifests);
    assert.deepEqual(container.command?.slice(0, 3), ['node', 'tools/service-keys/src/main.ts', 'sync']);
    assert.ok(existsSync(join(repoRoot, 'tools/service-keys/src/main.ts')), 'the script the Job runs exists');
    assert.equal(container.image, podTemplate(find(manifests, 'Job', 'migrations')).spec.containers[0]?.image);
    assert.deepEqual([...command.request.services].sort(), identityServices());
    assert.equal(command.secret, 'tp-transcription-service-keys');
    assert.equal(command.labels['app.kubernetes.io/instance'], 'tp');
    assert.deepEqual(
      { id: command.request.rotationId, promote: command.request.promote, ttl: command.request.retiredTtlMs },
      { id: '', promote: false, ttl: 86_400_000 },
    );
    assert.equal(podTemplate(job).spec.restartPolicy, 'Never');
    const spec = job.spec as { backoffLimit?: number; activeDeadlineSeconds?: number };
    assert.ok(spec.backoffLimit !== undefined && spec.backoffLimit <= 5 && spec.activeDeadlineSeconds);
  },

  'hook order: ServiceAccount, Role, RoleBinding, then the Job, then the fleet Secret and the migrations': (
    manifests,
  ) => {
    const weight = (manifest: Manifest) => Number(annotations(manifest)['helm.sh/hook-weight']);
    const { job } = keyJob(manifests);
    for (const kind of ['ServiceAccount', 'Role', 'RoleBinding']) {
      const object = find(manifests, kind, COMPONENT);
      assert.ok(weight(object) < weight(job), kind);
      assert.deepEqual(annotations(object)['helm.sh/hook']?.split(',').sort(), ['pre-install', 'pre-upgrade'], kind);
      assert.deepEqual(
        annotations(object)['helm.sh/hook-delete-policy']?.split(',').sort(),
        ['before-hook-creation', 'hook-succeeded'],
        `${kind}: gone once the hooks succeed`,
      );
    }
    assert.deepEqual(annotations(job)['helm.sh/hook']?.split(',').sort(), ['pre-install', 'pre-upgrade']);
    assert.ok(weight(job) < weight(find(manifests, 'Job', 'migrations')));
    for (const secret of byKind(manifests, 'Secret')) assert.ok(weight(job) < weight(secret), secret.metadata.name);
  },

  'the Role allows get and update of the key Secret only, and create (RBAC cannot name it); bound to the Job': (
    manifests,
  ) => {
    const { job, command } = keyJob(manifests);
    const account = find(manifests, 'ServiceAccount', COMPONENT);
    const role = find(manifests, 'Role', COMPONENT);
    assert.deepEqual(role.rules, [
      { apiGroups: [''], resources: ['secrets'], resourceNames: [command.secret], verbs: ['get', 'update'] },
      { apiGroups: [''], resources: ['secrets'], verbs: ['create'] },
    ]);
    const binding = find(manifests, 'RoleBinding', COMPONENT);
    assert.deepEqual(binding.roleRef, {
      apiGroup: 'rbac.authorization.k8s.io',
      kind: 'Role',
      name: role.metadata.name,
    });
    assert.deepEqual(binding.subjects, [
      { kind: 'ServiceAccount', name: account.metadata.name, namespace: 'transcription' },
    ]);
    assert.equal(podTemplate(job).spec.serviceAccountName, account.metadata.name);
    assert.equal(account.automountServiceAccountToken, false);
  },

  'the Job mounts its ServiceAccount token explicitly, read-only; no other pod gets one': (manifests) => {
    const { job, container } = keyJob(manifests);
    const pod = podTemplate(job).spec;
    const volume = pod.volumes?.find((candidate) => candidate.projected);
    const sources = volume?.projected?.sources ?? [];
    assert.ok(sources.some((source) => source.serviceAccountToken?.path === 'token'));
    assert.ok(sources.some((source) => source.configMap?.name === 'kube-root-ca.crt'));
    assert.ok(sources.some((source) => source.downwardAPI?.items?.[0]?.fieldRef?.fieldPath === 'metadata.namespace'));
    assert.deepEqual(
      container.volumeMounts?.find((mount) => mount.name === volume?.name),
      { name: volume?.name, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', readOnly: true },
    );
    for (const workload of workloads(manifests)) {
      if (workload === job) continue;
      assert.ok(!podTemplate(workload).spec.volumes?.some((candidate) => candidate.projected), workload.metadata.name);
    }
  },

  'the Job, its ServiceAccount, Role and RoleBinding are valid Kubernetes objects': async (manifests) => {
    for (const kind of ['Job', 'ServiceAccount', 'Role', 'RoleBinding'])
      await validateManifest(find(manifests, kind, COMPONENT));
  },

  'each pod reads its OWN private key and every public key from the key Secret, nothing else of it': (manifests) => {
    const secret = keyJob(manifests).command.secret;
    const all = byKind(manifests, 'Deployment');
    // The web app's server calls no service and no service calls it: no key of its own, none read.
    const web = all.find((deployment) => identityOf(deployment) === 'web');
    assert.ok(
      web && containersOf(web).every((container) => !container.env?.some((v) => v.name.startsWith('SERVICE_'))),
    );
    const deployments = all.filter((deployment) => deployment !== web);
    assert.deepEqual([...new Set(deployments.map(identityOf))].sort(), identityServices());
    for (const deployment of deployments) {
      const own = identityOf(deployment);
      for (const container of containersOf(deployment)) {
        const at = `${deployment.metadata.name}/${container.name}`;
        assert.deepEqual(envOf(container, 'SERVICE_PRIVATE_KEY').valueFrom?.secretKeyRef, {
          name: secret,
          key: privateKeyEntry(own),
        });
        assert.deepEqual(envOf(container, 'SERVICE_PUBLIC_KEYS').valueFrom?.secretKeyRef, {
          name: secret,
          key: PUBLIC_KEYS_ENTRY,
        });
        const fromKeySecret = (container.env ?? []).filter(
          (variable) => variable.valueFrom?.secretKeyRef?.name === secret,
        );
        // The webhook dispatcher also reads the key the Job generates for it (WEBHOOK_SECRETS_KEY).
        const expected = own === 'webhook-dispatcher' ? [...IDENTITY_ENV, 'WEBHOOK_SECRETS_KEY'] : IDENTITY_ENV;
        assert.deepEqual(fromKeySecret.map((variable) => variable.name).sort(), [...expected].sort(), at);
      }
    }
    for (const job of byKind(manifests, 'Job'))
      for (const container of containersOf(job))
        assert.ok(!(container.env ?? []).some((variable) => IDENTITY_ENV.includes(variable.name)), job.metadata.name);
  },
});

test('every worker pool reads the one worker key', async () => {
  const manifests = await render(
    await valuesFile({ worker: { pools: { gpu: { enabled: true, models: { existingClaim: 'weights' } } } } }),
  );
  const workers = byKind(manifests, 'Deployment').filter((deployment) => identityOf(deployment) === 'worker');
  assert.equal(workers.length, 2);
  for (const worker of workers) {
    const container = podTemplate(worker).spec.containers[0];
    assert.ok(container);
    assert.equal(envOf(container, 'SERVICE_PRIVATE_KEY').valueFrom?.secretKeyRef?.key, privateKeyEntry('worker'));
  }
});

test('a rotation step reaches the Job and rolls every pod; other changes do not', async () => {
  const checksums = async (values: unknown) => {
    const manifests = await render(await valuesFile(values));
    const sums = byKind(manifests, 'Deployment').map(
      (deployment) => podTemplate(deployment).metadata?.annotations?.['checksum/service-identity'] ?? '',
    );
    for (const sum of sums) assert.match(sum, /^[a-f0-9]{64}$/);
    assert.equal(new Set(sums).size, 1, 'one checksum for every pod');
    return { sum: sums[0], command: keyJob(manifests).command };
  };
  const base = await checksums({});
  const staged = await checksums({ serviceIdentity: { rotation: { id: '2026-12' } } });
  const promoted = await checksums({ serviceIdentity: { rotation: { id: '2026-12', promote: true } } });
  assert.equal(new Set([base.sum, staged.sum, promoted.sum]).size, 3);
  assert.deepEqual([staged.command.request.rotationId, staged.command.request.promote], ['2026-12', false]);
  assert.deepEqual([promoted.command.request.rotationId, promoted.command.request.promote], ['2026-12', true]);
  assert.equal(promoted.command.request.immediate, false);
  const unrelated = await checksums({ gateway: { replicas: 5 }, serviceIdentity: { retiredKeyTtlSeconds: 3600 } });
  assert.equal(unrelated.sum, base.sum);
  assert.equal(unrelated.command.request.retiredTtlMs, 3_600_000);
});

test('with an existingSecret the chart runs no Job and the pods read their keys from it', async () => {
  const manifests = await render(await valuesFile({ serviceIdentity: { existingSecret: 'identity-keys' } }));
  assert.ok(!manifests.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === COMPONENT));
  for (const deployment of byKind(manifests, 'Deployment').filter((d) => identityOf(d) !== 'web')) {
    const container = podTemplate(deployment).spec.containers[0];
    assert.ok(container);
    for (const name of IDENTITY_ENV)
      assert.equal(envOf(container, name).valueFrom?.secretKeyRef?.name, 'identity-keys', deployment.metadata.name);
  }
});
