// NATS authorization (ADR 0041): one Secret per identity on the bus (key nats.creds), rendered from
// the values unless the operator names one; every service on the bus mounts its OWN read-only and
// reads it through NATS_CREDENTIALS_FILE, the others none; the provisioning hook Job makes the
// streams and buckets as the provisioner before the pods roll. jobs' windows signer, in a Secret of
// its own: nats-windows-signer.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { BUS_ROLES } from '../../../packages/bus/src/permissions.ts';
import { repoRoot } from '../../../tools/dev/helm.ts';
import {
  byKind,
  find,
  parseManifests,
  podTemplate,
  productionValues,
  render,
  renderBareRaw,
  validateManifest,
  valuesFile,
  workloads,
  type Manifest,
} from './manifests.ts';
import { BUS_SERVICES, hookWeight, natsSecretName, PROVISIONING_JOB, secretVolumes, servicesReading } from './nats.ts';
import { componentOf, selectedComponents } from './network.ts';
import { annotations, containersOf, envOf, testRendered } from './support.ts';

const MOUNT = '/etc/nats-credentials';
const VOLUME = 'nats-credentials';
const KEY = 'nats.creds';
const FILE = `${MOUNT}/${KEY}`;
/** jobs' windows signer, the one other NATS Secret (nats-windows-signer.test.ts). */
const SIGNER_SECRET = 'tp-transcription-nats-windows-signer';

/** The NATS credentials Secrets a pod mounts: its nats-credentials volume, and any volume of a nats.creds entry. */
const credentialVolumes = (spec: IPodSpec) => secretVolumes(spec, VOLUME, KEY);

/** The pod mounts exactly `secret`'s nats.creds, readable by its group only, never optional. */
function assertMountsOnly(spec: IPodSpec, secret: string, where: string): void {
  assert.deepEqual(credentialVolumes(spec), [secret], where);
  const volume = spec.volumes?.find((candidate) => candidate.name === VOLUME)?.secret;
  assert.deepEqual(
    volume?.items,
    [{ key: KEY, path: KEY }],
    `${where}: the entry named, so a Secret without it fails the mount`,
  );
  assert.equal(volume?.defaultMode, 0o440, where);
  assert.equal(volume?.optional, undefined, `${where}: never optional`);
}

/** The container reads the mount, read-only, through NATS_CREDENTIALS_FILE. */
function assertReadsCredentials(container: IContainer, where: string): void {
  assert.equal(envOf(container, 'NATS_CREDENTIALS_FILE').value, FILE, where);
  assert.deepEqual(
    container.volumeMounts?.filter((mount) => mount.name === VOLUME),
    [{ name: VOLUME, mountPath: MOUNT, readOnly: true }],
    where,
  );
}

function provisioningJob(manifests: Manifest[]) {
  const job = find(manifests, 'Job', PROVISIONING_JOB);
  const { spec } = podTemplate(job);
  assert.equal(spec.containers.length, 1);
  return { job, spec, container: spec.containers[0]! };
}

test('the roles are @tp/bus BUS_ROLES: the services whose code reads NATS_CREDENTIALS_FILE, and the provisioner', async () => {
  // The services take NATS_URL and NATS_CREDENTIALS_FILE from @tp/config's natsSettings().
  const settings = readFileSync(join(repoRoot, 'packages/config/src/index.ts'), 'utf8');
  assert.match(settings, /export const natsSettings = \(\) => \(\{[^}]*NATS_CREDENTIALS_FILE:/);
  assert.deepEqual(servicesReading('NATS_CREDENTIALS_FILE', 'natsSettings('), [...BUS_SERVICES].sort());
  const rendered = byKind(await render(), 'Secret')
    .map((secret) => secret.metadata.name)
    .filter((name) => name.startsWith('tp-transcription-nats-') && name !== SIGNER_SECRET)
    .map((name) => name.replace('tp-transcription-nats-', ''));
  assert.deepEqual(rendered.sort(), [...BUS_ROLES].sort());
  // What the Job's tsctl reads (tools/cli/src/bus.ts).
  const tsctl = readFileSync(join(repoRoot, 'tools/cli/src/bus.ts'), 'utf8');
  for (const variable of ['NATS_URL', 'NATS_CREDENTIALS_FILE', 'RATE_LIMIT_MAX_WINDOW_SECONDS'])
    assert.ok(tsctl.includes(`process.env.${variable}`), `tsctl bus provision reads ${variable}`);
});

test('one Secret per role from secrets.natsCredentials: nats.creds alone, a hook that exists before the provisioning', async () => {
  const manifests = await render();
  const secrets = byKind(manifests, 'Secret').filter(
    (secret) => secret.metadata.name.includes('-nats-') && secret.metadata.name !== SIGNER_SECRET,
  );
  assert.deepEqual(secrets.map((secret) => secret.metadata.name).sort(), BUS_ROLES.map(natsSecretName).sort());
  for (const secret of secrets) {
    await validateManifest(secret);
    const role = secret.metadata.name.replace('tp-transcription-nats-', '');
    const data = (secret.data ?? {}) as Record<string, string>;
    assert.deepEqual(Object.keys(data), [KEY], secret.metadata.name);
    const creds = Buffer.from(data[KEY] ?? '', 'base64').toString();
    assert.match(creds, new RegExp(`^-----BEGIN NATS USER JWT-----\\ntest-${role}-jwt\\n`), "the role's own file");
    const hook = annotations(secret);
    assert.deepEqual(hook['helm.sh/hook']?.split(',').sort(), ['pre-install', 'pre-upgrade']);
    assert.equal(hook['helm.sh/hook-delete-policy'], 'before-hook-creation');
    // As the database Secrets: after the key Job (-20), before the migrations (0) and the provisioning.
    assert.equal(hookWeight(secret), -10, secret.metadata.name);
    assert.ok(hookWeight(secret) < hookWeight(find(manifests, 'Job', PROVISIONING_JOB)), secret.metadata.name);
  }
});

testRendered({
  'each service on the bus mounts exactly its own credentials, read-only, through NATS_CREDENTIALS_FILE; the others none':
    (manifests) => {
      const owners = new Map<string, string>();
      const seen = new Set<string>();
      for (const deployment of byKind(manifests, 'Deployment')) {
        const component = componentOf(deployment);
        const { spec } = podTemplate(deployment);
        const where = deployment.metadata.name;
        if (!BUS_SERVICES.includes(component)) {
          assert.deepEqual(credentialVolumes(spec), [], `${where} is not on the bus`);
          for (const container of containersOf(deployment)) {
            assert.ok(!container.env?.some((variable) => variable.name === 'NATS_CREDENTIALS_FILE'), where);
            assert.ok(!container.volumeMounts?.some((mount) => mount.name === VOLUME), where);
          }
          continue;
        }
        const [secret] = credentialVolumes(spec);
        assert.match(secret ?? '', new RegExp(`-nats-${component}$`), `${where}: its own role's Secret`);
        assertMountsOnly(spec, secret!, where);
        for (const container of containersOf(deployment))
          assertReadsCredentials(container, `${where}/${container.name}`);
        // One Secret per role: the worker pools share `worker`, no one else shares anything.
        assert.equal(owners.get(secret!) ?? component, component, `${secret} is ${component}'s alone`);
        owners.set(secret!, component);
        seen.add(component);
      }
      assert.deepEqual([...seen].sort(), [...BUS_SERVICES].sort(), 'every service on the bus is deployed with its own');
    },

  'the provisioning Job: a pre-install/pre-upgrade hook after the Secrets and the migrations, as the provisioner alone':
    async (manifests) => {
      const { job, spec, container } = provisioningJob(manifests);
      await validateManifest(job);
      const hook = annotations(job);
      assert.deepEqual(hook['helm.sh/hook']?.split(',').sort(), ['pre-install', 'pre-upgrade']);
      assert.deepEqual(hook['helm.sh/hook-delete-policy']?.split(',').sort(), [
        'before-hook-creation',
        'hook-succeeded',
      ]);
      assert.ok(hookWeight(job) > hookWeight(find(manifests, 'Job', 'migrations')), 'after the migrations');
      for (const secret of byKind(manifests, 'Secret'))
        assert.ok(hookWeight(secret) < hookWeight(job), secret.metadata.name);
      assert.equal(spec.restartPolicy, 'Never');
      assert.equal(spec.serviceAccountName, undefined, 'no object of the release it would wait for');
      const limits = job.spec as { backoffLimit?: number; activeDeadlineSeconds?: number };
      assert.ok(limits.backoffLimit !== undefined && limits.backoffLimit <= 5 && limits.activeDeadlineSeconds);

      // tsctl from the migration image: `bus provision`.
      assert.deepEqual(container.command, ['node', 'tools/cli/src/main.ts', 'bus', 'provision']);
      assert.ok(existsSync(join(repoRoot, 'tools/cli/src/main.ts')), 'the script the Job runs exists');
      assert.equal(container.image, podTemplate(find(manifests, 'Job', 'migrations')).spec.containers[0]?.image);

      // The provisioner's credentials and nothing else of the fleet's secrets but the NATS URL.
      const [secret] = credentialVolumes(spec);
      assert.match(secret ?? '', /-nats-provisioner$/);
      assertMountsOnly(spec, secret!, 'the provisioning Job');
      assertReadsCredentials(container, 'the provisioning Job');
      assert.deepEqual(
        (spec.volumes ?? []).filter((volume) => volume.secret).map((volume) => volume.name),
        [VOLUME],
        'no other Secret mounted',
      );
      const accountsNats = envOf(podTemplate(find(manifests, 'Deployment', 'accounts')).spec.containers[0]!, 'NATS_URL')
        .valueFrom?.secretKeyRef;
      assert.deepEqual(envOf(container, 'NATS_URL').valueFrom?.secretKeyRef, accountsNats, 'the fleet NATS_URL');
      assert.deepEqual(
        (container.env ?? []).flatMap((variable) => variable.valueFrom?.secretKeyRef?.key ?? []),
        ['NATS_URL'],
      );
      assert.equal(envOf(container, 'RATE_LIMIT_MAX_WINDOW_SECONDS').value, '3600');
    },

  "no other pod mounts the provisioner's credentials": (manifests) => {
    for (const workload of workloads(manifests)) {
      if (componentOf(workload) === PROVISIONING_JOB) continue;
      for (const secret of credentialVolumes(podTemplate(workload).spec))
        assert.doesNotMatch(secret, /-nats-provisioner$/, workload.metadata.name);
    }
  },
});

test('a Secret the operator names is mounted instead; the chart renders none for that role', async () => {
  const manifests = await render(
    await valuesFile({
      secrets: { natsCredentialsSecrets: { worker: 'ops-nats-worker', provisioner: 'ops-nats-provisioner' } },
    }),
  );
  const rendered = byKind(manifests, 'Secret').map((secret) => secret.metadata.name);
  for (const role of BUS_ROLES)
    assert.equal(rendered.includes(natsSecretName(role)), !['worker', 'provisioner'].includes(role), role);
  assert.ok(!rendered.some((name) => name.startsWith('ops-')), 'the chart never renders a Secret it is told of');
  const worker = byKind(manifests, 'Deployment').find((deployment) => componentOf(deployment) === 'worker');
  assert.ok(worker);
  assert.deepEqual(credentialVolumes(podTemplate(worker).spec), ['ops-nats-worker']);
  assert.deepEqual(credentialVolumes(provisioningJob(manifests).spec), ['ops-nats-provisioner']);
  assert.deepEqual(credentialVolumes(podTemplate(find(manifests, 'Deployment', 'jobs')).spec), [
    natsSecretName('jobs'),
  ]);
});

test('the production example names a Secret for every role: it renders alone, and the chart renders none', async () => {
  const result = await renderBareRaw(productionValues);
  assert.equal(result.code, 0, result.stderr);
  const manifests = parseManifests(result.stdout);
  assert.deepEqual(
    byKind(manifests, 'Secret').filter((secret) => secret.metadata.name.includes('-nats-')),
    [],
  );
  assert.deepEqual(credentialVolumes(provisioningJob(manifests).spec), ['transcription-nats-provisioner']);
});

test('bus.rateLimitMaxWindowSeconds reaches the provisioning as RATE_LIMIT_MAX_WINDOW_SECONDS', async () => {
  const manifests = await render(await valuesFile({ bus: { rateLimitMaxWindowSeconds: 86400 } }));
  assert.equal(envOf(provisioningJob(manifests).container, 'RATE_LIMIT_MAX_WINDOW_SECONDS').value, '86400');
});

test("new credentials roll that role's pods alone", async () => {
  const checksums = async (values: unknown) => {
    const manifests = await render(await valuesFile(values));
    return Object.fromEntries(
      byKind(manifests, 'Deployment').map((deployment) => [
        componentOf(deployment),
        podTemplate(deployment).metadata?.annotations?.['checksum/nats-credentials'],
      ]),
    );
  };
  const before = await checksums({});
  for (const service of BUS_SERVICES) assert.match(before[service] ?? '', /^[a-f0-9]{64}$/, service);
  for (const service of ['billing', 'artifacts', 'ai-proxy', 'web']) assert.equal(before[service], undefined, service);
  const reissued = `-----BEGIN NATS USER JWT-----\nreissued\n------END NATS USER JWT------\n\n-----BEGIN USER NKEY SEED-----\nseed\n------END USER NKEY SEED------\n`;
  const after = await checksums({ secrets: { natsCredentials: { media: reissued } } });
  for (const service of BUS_SERVICES) assert.equal(after[service] !== before[service], service === 'media', service);
  const named = await checksums({ secrets: { natsCredentialsSecrets: { media: 'ops-nats-media-2' } } });
  assert.notEqual(named.media, before.media, 'naming another Secret rolls the pods too');
});

test('with restricted egress no NetworkPolicy selects the provisioning Job: it reaches NATS, as the migrations reach PostgreSQL', async () => {
  const nats = { to: [{ ipBlock: { cidr: '10.20.0.0/16' } }], ports: [{ port: 4222, protocol: 'TCP' }] };
  const manifests = await render(await valuesFile({ networkPolicy: { egress: { restricted: true, to: [nats] } } }));
  const policies = byKind(manifests, 'NetworkPolicy');
  assert.ok(policies.length > 0);
  for (const policy of policies) {
    const selected = selectedComponents(manifests, (policy.spec as { podSelector: object }).podSelector);
    assert.ok(!selected.includes(PROVISIONING_JOB), policy.metadata.name);
  }
});
