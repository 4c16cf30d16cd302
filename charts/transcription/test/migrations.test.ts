// The migration hook Job and the Secret and ConfigMap references it and the services resolve.
import assert from 'node:assert/strict';
import { byKind, find, podTemplate, workloads } from './manifests.ts';
import { annotations, container, containersOf, envOf, testRendered } from './support.ts';

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

  'the migration Job reads each service database URL from the very Secret key the service uses': (manifests) => {
    const job = podTemplate(find(manifests, 'Job', 'migrations')).spec.containers[0];
    assert.ok(job);
    let services = 0;
    for (const deployment of byKind(manifests, 'Deployment')) {
      for (const container of podTemplate(deployment).spec.containers) {
        const url = container.env?.find((variable) => variable.name === 'DATABASE_URL');
        if (!url) continue;
        services += 1;
        const source = url.valueFrom?.secretKeyRef;
        assert.ok(source?.name && source.key, `${deployment.metadata.name} reads DATABASE_URL from a Secret`);
        assert.equal(source.key, `DATABASE_URL_${container.name.toUpperCase().replaceAll('-', '_')}`);
        assert.deepEqual(envOf(job, source.key).valueFrom?.secretKeyRef, source);
      }
    }
    assert.ok(services > 0, 'at least one service owns a database');
    const urls = (job.env ?? []).map((variable) => variable.name).filter((name) => name.startsWith('DATABASE_URL'));
    assert.deepEqual(urls.sort(), [
      'DATABASE_URL_ACCOUNTS',
      'DATABASE_URL_ARTIFACTS',
      'DATABASE_URL_BILLING',
      'DATABASE_URL_JOBS',
      'DATABASE_URL_MEDIA',
      'DATABASE_URL_SHARES',
      'DATABASE_URL_WEBHOOK_DISPATCHER',
    ]);
    assert.equal(
      envOf(container(manifests, 'media'), 'DATABASE_URL').valueFrom?.secretKeyRef?.key,
      'DATABASE_URL_MEDIA',
    );
    assert.equal(
      envOf(container(manifests, 'billing'), 'DATABASE_URL').valueFrom?.secretKeyRef?.key,
      'DATABASE_URL_BILLING',
    );
    assert.deepEqual(
      envOf(job, 'DATABASE_URL_BILLING').valueFrom?.secretKeyRef,
      envOf(container(manifests, 'billing'), 'DATABASE_URL').valueFrom?.secretKeyRef,
    );
    assert.equal(
      envOf(container(manifests, 'artifacts'), 'DATABASE_URL').valueFrom?.secretKeyRef?.key,
      'DATABASE_URL_ARTIFACTS',
    );
    assert.deepEqual(
      envOf(job, 'DATABASE_URL_ARTIFACTS').valueFrom?.secretKeyRef,
      envOf(container(manifests, 'artifacts'), 'DATABASE_URL').valueFrom?.secretKeyRef,
    );
    assert.equal(envOf(container(manifests, 'jobs'), 'DATABASE_URL').valueFrom?.secretKeyRef?.key, 'DATABASE_URL_JOBS');
    assert.deepEqual(
      envOf(job, 'DATABASE_URL_JOBS').valueFrom?.secretKeyRef,
      envOf(container(manifests, 'jobs'), 'DATABASE_URL').valueFrom?.secretKeyRef,
    );
    assert.equal(
      envOf(container(manifests, 'shares'), 'DATABASE_URL').valueFrom?.secretKeyRef?.key,
      'DATABASE_URL_SHARES',
    );
    assert.deepEqual(
      envOf(job, 'DATABASE_URL_SHARES').valueFrom?.secretKeyRef,
      envOf(container(manifests, 'shares'), 'DATABASE_URL').valueFrom?.secretKeyRef,
    );
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
