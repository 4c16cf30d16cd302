// jobs' windows signer (ADR 0041): `tsctl bus init`'s windows-signer.json (the fleet account's key and
// a signing key scoped to one job's windows), the key windows-signer.json of a Secret of its own,
// rendered from secrets.natsWindowsSigner unless the operator names one; the jobs pods alone mount it
// read-only and read it through NATS_WINDOWS_SIGNER_FILE, and sign with it each claimed job's window
// credentials; the render refuses a release without it. The role credentials: nats-credentials.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { BUS_ROLES } from '../../../packages/bus/src/permissions.ts';
import { repoRoot } from '../../../tools/dev/helm.ts';
import {
  byKind,
  find,
  natsCredentialsValues,
  parseManifests,
  podTemplate,
  productionValues,
  render,
  renderBareRaw,
  renderRaw,
  validateManifest,
  valuesFile,
  workloads,
  type Manifest,
} from './manifests.ts';
import { BUS_SERVICES, hookWeight, natsSecretName, PROVISIONING_JOB, secretVolumes, servicesReading } from './nats.ts';
import { componentOf } from './network.ts';
import { annotations, containersOf, envOf, testRendered } from './support.ts';

const SIGNER_MOUNT = '/etc/nats-windows-signer';
const SIGNER_VOLUME = 'nats-windows-signer';
const SIGNER_KEY = 'windows-signer.json';
const SIGNER_FILE = `${SIGNER_MOUNT}/${SIGNER_KEY}`;
/** The Secret the chart renders (release tp), and the production example's. */
const SIGNER_SECRET = 'tp-transcription-nats-windows-signer';
const PRODUCTION_SIGNER_SECRET = 'transcription-nats-windows-signer';
/** The windows signer Secrets a pod mounts: its nats-windows-signer volume, and any volume of a windows-signer.json entry. */
const signerVolumes = (spec: IPodSpec) => secretVolumes(spec, SIGNER_VOLUME, SIGNER_KEY);

/** Every pod spec the chart renders, by name: the workloads' templates and the helm test Pods. */
function podSpecs(manifests: Manifest[]): Array<[string, IPodSpec, IContainer[]]> {
  return [
    ...workloads(manifests).map((workload): [string, IPodSpec, IContainer[]] => [
      `${workload.kind} ${workload.metadata.name}`,
      podTemplate(workload).spec,
      containersOf(workload),
    ]),
    ...byKind(manifests, 'Pod').map((pod): [string, IPodSpec, IContainer[]] => {
      const spec = pod.spec as unknown as IPodSpec;
      return [`Pod ${pod.metadata.name}`, spec, [...(spec.initContainers ?? []), ...spec.containers]];
    }),
  ];
}

/** The test fixture's windows signer (secrets.natsWindowsSigner). */
function fixtureSigner(): string {
  const values = parse(readFileSync(natsCredentialsValues, 'utf8')) as { secrets: { natsWindowsSigner: string } };
  return values.secrets.natsWindowsSigner;
}

test('jobs alone reads NATS_WINDOWS_SIGNER_FILE, the windows-signer.json `tsctl bus init` writes', () => {
  assert.deepEqual(servicesReading('NATS_WINDOWS_SIGNER_FILE'), ['jobs']);
  const tsctl = readFileSync(join(repoRoot, 'tools/cli/src/bus.ts'), 'utf8');
  assert.ok(tsctl.includes(`'${SIGNER_KEY}'`), `tsctl bus init writes DIR/${SIGNER_KEY}`);
});

test('the windows signer: a Secret of its own from secrets.natsWindowsSigner, windows-signer.json alone, a hook like the credentials', async () => {
  const manifests = await render();
  const secret = byKind(manifests, 'Secret').find((candidate) => candidate.metadata.name === SIGNER_SECRET);
  assert.ok(secret, SIGNER_SECRET);
  await validateManifest(secret);
  const data = (secret.data ?? {}) as Record<string, string>;
  assert.deepEqual(Object.keys(data), [SIGNER_KEY]);
  const signer = Buffer.from(data[SIGNER_KEY] ?? '', 'base64').toString();
  assert.equal(signer, fixtureSigner(), 'the file as given');
  assert.deepEqual(Object.keys(JSON.parse(signer)).sort(), ['account', 'seed']);
  const hook = annotations(secret);
  assert.deepEqual(hook['helm.sh/hook']?.split(',').sort(), ['pre-install', 'pre-upgrade']);
  assert.equal(hook['helm.sh/hook-delete-policy'], 'before-hook-creation');
  const jobsCredentials = byKind(manifests, 'Secret').find(
    (candidate) => candidate.metadata.name === natsSecretName('jobs'),
  );
  assert.ok(jobsCredentials);
  assert.deepEqual(annotations(secret), annotations(jobsCredentials), 'the same hook as the NATS credentials Secrets');
  assert.equal(hookWeight(secret), -10);
  assert.ok(hookWeight(secret) < hookWeight(find(manifests, 'Job', PROVISIONING_JOB)));
});

test('a windows signer Secret the operator names is mounted instead; the chart renders none', async () => {
  const manifests = await render(
    await valuesFile({ secrets: { natsWindowsSigner: '', natsWindowsSignerSecret: 'ops-nats-windows-signer' } }),
  );
  const rendered = byKind(manifests, 'Secret').map((secret) => secret.metadata.name);
  assert.ok(!rendered.includes(SIGNER_SECRET));
  assert.ok(!rendered.includes('ops-nats-windows-signer'), 'the chart never renders a Secret it is told of');
  assert.deepEqual(signerVolumes(podTemplate(find(manifests, 'Deployment', 'jobs')).spec), ['ops-nats-windows-signer']);
  // The role credentials are untouched.
  for (const role of BUS_ROLES) assert.ok(rendered.includes(natsSecretName(role)), role);
});

test('the render refuses a release without the windows signer, saying where it comes from', async () => {
  const result = await renderRaw(await valuesFile({ secrets: { natsWindowsSigner: '' } }));
  assert.notEqual(result.code, 0);
  assert.match(
    result.stderr,
    /the NATS windows signer is missing: .*`tools\/tsctl bus init --out DIR` writes it as DIR\/windows-signer\.json: set secrets\.natsWindowsSigner .* secrets\.natsWindowsSignerSecret \(docs\/runbooks\/nats-credentials\.md\)/,
  );
});

testRendered({
  'jobs alone mounts the windows signer, read-only, through NATS_WINDOWS_SIGNER_FILE; no other pod': (manifests) => {
    const jobs = find(manifests, 'Deployment', 'jobs');
    const { spec } = podTemplate(jobs);
    const [secret, ...more] = signerVolumes(spec);
    assert.deepEqual(more, [], 'one signer');
    assert.ok([SIGNER_SECRET, PRODUCTION_SIGNER_SECRET].includes(secret ?? ''), secret);
    const volume = spec.volumes?.find((candidate) => candidate.name === SIGNER_VOLUME)?.secret;
    assert.deepEqual(
      volume?.items,
      [{ key: SIGNER_KEY, path: SIGNER_KEY }],
      'the entry named, so a Secret without it fails the mount',
    );
    assert.equal(volume?.defaultMode, 0o440);
    assert.equal(volume?.optional, undefined, 'never optional');
    for (const container of containersOf(jobs)) {
      assert.equal(envOf(container, 'NATS_WINDOWS_SIGNER_FILE').value, SIGNER_FILE, container.name);
      assert.deepEqual(
        container.volumeMounts?.filter((mount) => mount.name === SIGNER_VOLUME),
        [{ name: SIGNER_VOLUME, mountPath: SIGNER_MOUNT, readOnly: true }],
        container.name,
      );
    }
    for (const [where, podSpec, containers] of podSpecs(manifests)) {
      if (where === `Deployment ${jobs.metadata.name}`) continue;
      assert.deepEqual(signerVolumes(podSpec), [], `${where} mounts no windows signer`);
      for (const container of containers) {
        assert.ok(!container.env?.some((variable) => variable.name === 'NATS_WINDOWS_SIGNER_FILE'), where);
        assert.ok(!container.volumeMounts?.some((mount) => mount.name === SIGNER_VOLUME), where);
      }
    }
  },
});

test('the production example names the windows signer Secret: it renders alone, and the chart renders none', async () => {
  const result = await renderBareRaw(productionValues);
  assert.equal(result.code, 0, result.stderr);
  const manifests = parseManifests(result.stdout);
  assert.ok(!byKind(manifests, 'Secret').some((secret) => secret.metadata.name.endsWith('-nats-windows-signer')));
  assert.deepEqual(signerVolumes(podTemplate(find(manifests, 'Deployment', 'jobs')).spec), [PRODUCTION_SIGNER_SECRET]);
});

test('a new windows signer rolls jobs alone', async () => {
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
  const signer = `{"account":"A${'B'.repeat(55)}","seed":"SA${'B'.repeat(56)}"}`;
  const after = await checksums({ secrets: { natsWindowsSigner: signer } });
  for (const service of BUS_SERVICES) assert.equal(after[service] !== before[service], service === 'jobs', service);
  const named = await checksums({ secrets: { natsWindowsSignerSecret: 'ops-nats-windows-signer-2' } });
  for (const service of BUS_SERVICES) assert.equal(named[service] !== before[service], service === 'jobs', service);
});
