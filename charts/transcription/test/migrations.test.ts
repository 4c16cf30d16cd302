// The migration hook Job and the Secret and ConfigMap references it and the services resolve.
import assert from 'node:assert/strict';
import { byKind, find, podTemplate, workloads } from './manifests.ts';
import { annotations, container, containersOf, envOf, ownDatabaseSecret, testRendered } from './support.ts';

testRendered({
  'the migration Job is a pre-install/pre-upgrade hook with bounded retries': (manifests) => {
    const job = find(manifests, 'Job', 'migrations');
    const hook = annotations(job);
    assert.deepEqual(hook['helm.sh/hook']?.split(',').sort(), ['pre-install', 'pre-upgrade']);
    assert.ok(hook['helm.sh/hook-delete-policy']?.split(',').includes('before-hook-creation'));
    const backoffLimit = (job.spec as { backoffLimit?: number }).backoffLimit;
    assert.ok(backoffLimit !== undefined && backoffLimit >= 0 && backoffLimit <= 5, `backoffLimit ${backoffLimit}`);
    assert.ok((job.spec as { activeDeadlineSeconds?: number }).activeDeadlineSeconds, 'the job has a deadline');
    assert.equal(podTemplate(job).spec.restartPolicy, 'Never');
    assert.deepEqual(podTemplate(job).spec.containers[0]?.command, [
      'node',
      'packages/db/src/cli.ts',
      'deploy',
      '--all',
    ]);
  },

  'each data-owning service reads DATABASE_URL from a Secret of its own; the migration Job from the migrations role Secret, and no service password':
    (manifests) => {
      const job = podTemplate(find(manifests, 'Job', 'migrations')).spec.containers[0];
      assert.ok(job);
      const fleetSecret = envOf(container(manifests, 'accounts'), 'NATS_URL').valueFrom?.secretKeyRef?.name;
      const owners: string[] = [];
      const names = new Set<string>();
      for (const deployment of byKind(manifests, 'Deployment')) {
        for (const service of podTemplate(deployment).spec.containers) {
          if (!service.env?.some((variable) => variable.name === 'DATABASE_URL')) continue;
          owners.push(service.name);
          names.add(ownDatabaseSecret(service, service.name, fleetSecret));
        }
      }
      assert.deepEqual(owners.sort(), [
        'accounts',
        'artifacts',
        'billing',
        'jobs',
        'media',
        'shares',
        'webhook-dispatcher',
      ]);
      assert.equal(names.size, owners.length, 'one Secret each');
      const own = envOf(job, 'DATABASE_URL').valueFrom?.secretKeyRef;
      assert.equal(own?.key, 'DATABASE_URL');
      assert.match(own?.name ?? '', /-db-migrations$/);
      assert.ok(!names.has(own!.name));
      const secrets = (job.env ?? []).flatMap((variable) => variable.valueFrom?.secretKeyRef?.name ?? []);
      assert.deepEqual(secrets, [own!.name], "the job reads no service's Secret");
      // Each Secret the chart renders for a database holds DATABASE_URL and nothing else.
      for (const secret of byKind(manifests, 'Secret').filter((s) => /-db-/.test(s.metadata.name ?? '')))
        assert.deepEqual(Object.keys(secret.data ?? {}), ['DATABASE_URL'], secret.metadata.name);
    },

  'when the chart renders the Secret, it exists before the migration hook runs': (manifests) => {
    const secrets = byKind(manifests, 'Secret');
    const job = find(manifests, 'Job', 'migrations');
    for (const secret of secrets) {
      const hook = annotations(secret);
      assert.match(hook['helm.sh/hook'] ?? '', /pre-install/);
      assert.match(hook['helm.sh/hook'] ?? '', /pre-upgrade/);
      assert.ok(Number(hook['helm.sh/hook-weight']) < Number(annotations(job)['helm.sh/hook-weight'] ?? 0));
    }
    // The Job does not depend on any other object of the release, which would not exist yet.
    const jobPod = podTemplate(job).spec;
    assert.equal(jobPod.serviceAccountName, undefined);
    const referenced = new Set(
      jobPod.containers.flatMap((container) =>
        (container.env ?? []).map((variable) => variable.valueFrom?.configMapKeyRef?.name).filter(Boolean),
      ),
    );
    assert.equal(referenced.size, 0, 'the migration job reads no ConfigMap');
  },

  'every secret and config reference resolves to a key that exists': (manifests) => {
    const configMaps = new Map(
      byKind(manifests, 'ConfigMap').map((map) => [map.metadata.name, (map.data ?? {}) as Record<string, string>]),
    );
    const secrets = new Map(
      byKind(manifests, 'Secret').map((secret) => [
        secret.metadata.name,
        (secret.data ?? {}) as Record<string, string>,
      ]),
    );
    for (const workload of workloads(manifests)) {
      for (const container of containersOf(workload)) {
        for (const variable of container.env ?? []) {
          const configRef = variable.valueFrom?.configMapKeyRef;
          if (configRef && !configRef.optional) {
            assert.ok(
              configMaps.get(configRef.name ?? '')?.[configRef.key] !== undefined,
              `${container.name} ${variable.name}`,
            );
          }
          const secretRef = variable.valueFrom?.secretKeyRef;
          if (secretRef && secrets.has(secretRef.name ?? '')) {
            assert.ok(
              secrets.get(secretRef.name ?? '')?.[secretRef.key] !== undefined,
              `${container.name} ${variable.name}`,
            );
          }
        }
      }
    }
  },
});
