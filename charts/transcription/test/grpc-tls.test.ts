// gRPC mutual TLS (ADR 0037): every pod that serves or calls gRPC mounts its OWN kubernetes.io/tls
// Secret read-only and reads it through GRPC_TLS_*_FILE; web and the hook Jobs have none; the
// `helm test` pod's tsctl has the operator's; cert-manager Certificates, when enabled, name each
// service the way its clients check it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkServerIdentity, type PeerCertificate } from 'node:tls';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { grpcTlsSettings } from '../../../packages/config/src/index.ts';
import { repoRoot } from '../../../tools/dev/helm.ts';
import { PKI_IDENTITIES } from '../../../tools/dev/pki.ts';
import {
  byKind,
  find,
  podTemplate,
  productionValues,
  render,
  validateManifest,
  valuesFile,
  workloads,
  type Manifest,
} from './manifests.ts';
import { HTTP_ONLY_SERVICES, identityServices, testRendered } from './support.ts';

const MOUNT = '/etc/grpc-tls';
const VOLUME = 'grpc-tls';
const ENTRIES = ['ca.crt', 'tls.crt', 'tls.key'];
/** What every gRPC service reads (packages/config grpcTlsSettings), and where the chart points it. */
const TLS_ENV: Record<string, string> = {
  GRPC_TLS_CA_FILE: `${MOUNT}/ca.crt`,
  GRPC_TLS_CERT_FILE: `${MOUNT}/tls.crt`,
  GRPC_TLS_KEY_FILE: `${MOUNT}/tls.key`,
};

const componentOf = (manifest: Manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] ?? '';

/** The Secrets a pod mounts, by volume name. */
function secretVolumes(spec: IPodSpec): Record<string, string | undefined> {
  return Object.fromEntries(
    (spec.volumes ?? []).filter((volume) => volume.secret).map((volume) => [volume.name, volume.secret?.secretName]),
  );
}

function tlsEnvOf(container: IContainer): Record<string, string | undefined> {
  return Object.fromEntries(
    (container.env ?? [])
      .filter((variable) => variable.name.startsWith('GRPC_TLS_'))
      .map((variable) => [variable.name, variable.value]),
  );
}

/** The container reads its certificate from the mount, read-only, through the three variables. */
function assertReadsTls(container: IContainer, where: string): void {
  assert.deepEqual(tlsEnvOf(container), TLS_ENV, where);
  assert.deepEqual(
    container.volumeMounts?.filter((mount) => mount.name === VOLUME),
    [{ name: VOLUME, mountPath: MOUNT, readOnly: true }],
    where,
  );
}

function assertNoTls(container: IContainer, where: string): void {
  assert.deepEqual(tlsEnvOf(container), {}, where);
  assert.ok(!container.volumeMounts?.some((mount) => mount.name === VOLUME), where);
}

/**
 * The pod mounts one certificate Secret, `secret` (NATS credentials and jobs' windows signer aside:
 * nats-credentials.test.ts), readable by its group.
 */
function assertMountsOnly(spec: IPodSpec, secret: string, where: string): void {
  const { 'nats-credentials': _nats, 'nats-windows-signer': _signer, ...certificates } = secretVolumes(spec);
  assert.deepEqual(certificates, { [VOLUME]: secret }, where);
  const volume = spec.volumes?.find((candidate) => candidate.name === VOLUME)?.secret;
  assert.deepEqual(
    volume?.items?.map((item) => [item.key, item.path]),
    ENTRIES.map((entry) => [entry, entry]),
    `${where}: every entry named, so a Secret without ca.crt fails the mount`,
  );
  assert.equal(volume?.defaultMode, 0o440, where);
  assert.equal(volume?.optional, undefined, `${where}: never optional`);
}

function smokePod(manifests: Manifest[]): Manifest & { spec: IPodSpec } {
  const [pod, ...more] = byKind(manifests, 'Pod').filter((candidate) => componentOf(candidate) === 'smoke-test');
  assert.ok(pod && more.length === 0, 'one helm test Pod');
  return pod as Manifest & { spec: IPodSpec };
}

/** The Secret the chart expects for an identity with the default names (release tp). */
const defaultSecret = (identity: string) => `tp-transcription-${identity}-tls`;

test('the chart sets the very variables the services and tsctl read', () => {
  assert.deepEqual(Object.keys(grpcTlsSettings()).sort(), Object.keys(TLS_ENV).sort());
  const tsctl = readFileSync(join(repoRoot, 'tools/cli/src/main.ts'), 'utf8');
  for (const variable of Object.keys(TLS_ENV)) assert.ok(tsctl.includes(`'${variable}'`), `tsctl reads ${variable}`);
});

testRendered({
  'every gRPC pod mounts exactly its own Secret, read-only, and reads it through GRPC_TLS_*': (manifests) => {
    const seen = new Set<string>();
    for (const deployment of byKind(manifests, 'Deployment')) {
      const identity = componentOf(deployment);
      if (HTTP_ONLY_SERVICES.includes(identity)) continue;
      const { spec } = podTemplate(deployment);
      assertMountsOnly(spec, defaultSecret(identity), deployment.metadata.name);
      for (const container of [...(spec.initContainers ?? []), ...spec.containers])
        assertReadsTls(container, `${deployment.metadata.name}/${container.name}`);
      seen.add(identity);
    }
    assert.deepEqual([...seen].sort(), identityServices(), 'every service with an identity has a certificate');
  },

  'no two identities share a Secret; the worker pools share the worker one': (manifests) => {
    const owners = new Map<string, string>();
    for (const deployment of byKind(manifests, 'Deployment')) {
      const secret = secretVolumes(podTemplate(deployment).spec)[VOLUME];
      if (!secret) continue;
      const identity = componentOf(deployment);
      assert.equal(owners.get(secret) ?? identity, identity, `${secret} is ${identity}'s alone`);
      owners.set(secret, identity);
    }
  },

  'web and the hook Jobs (migrations, service keys) speak no gRPC: no certificate': (manifests) => {
    const noTls = [
      ...HTTP_ONLY_SERVICES.map((service) => find(manifests, 'Deployment', service)),
      ...byKind(manifests, 'Job'),
    ];
    assert.ok(noTls.length >= 3);
    for (const workload of noTls) {
      const { spec } = podTemplate(workload);
      assert.equal(secretVolumes(spec)[VOLUME], undefined, workload.metadata.name);
      for (const container of [...(spec.initContainers ?? []), ...spec.containers])
        assertNoTls(container, `${workload.metadata.name}/${container.name}`);
    }
  },

  "the helm test pod: tsctl (its init container) has the operator's certificate, the smoke container none": (
    manifests,
  ) => {
    const { spec } = smokePod(manifests);
    assertMountsOnly(spec, defaultSecret('tsctl'), 'smoke test');
    const [token] = spec.initContainers ?? [];
    assert.equal(token?.name, 'token');
    assertReadsTls(token, 'the tsctl init container');
    const [smoke] = spec.containers;
    assert.equal(smoke?.name, 'smoke');
    assertNoTls(smoke, 'the smoke container (HTTP to the gateway only)');
  },

  'the identities are those of make up and the tests (tools/dev/pki.ts)': (manifests) => {
    const identities = new Set<string>();
    const specs = [...workloads(manifests).map((workload) => podTemplate(workload).spec), smokePod(manifests).spec];
    for (const spec of specs) {
      const secret = secretVolumes(spec)[VOLUME];
      if (secret) identities.add(secret.replace(/^tp-transcription-/, '').replace(/-tls$/, ''));
    }
    assert.deepEqual([...identities].sort(), [...PKI_IDENTITIES].sort());
  },
});

/** A certificate as node:tls shows a peer's, from a rendered Certificate's names. */
function peerOf(spec: CertificateSpec): PeerCertificate {
  return {
    subject: { CN: spec.commonName },
    subjectaltname: spec.dnsNames.map((name) => `DNS:${name}`).join(', '),
  } as unknown as PeerCertificate;
}

type CertificateSpec = {
  secretName: string;
  commonName: string;
  dnsNames: string[];
  usages: string[];
  privateKey: { algorithm: string; size: number; rotationPolicy: string };
  issuerRef: { name: string; kind: string; group: string };
  duration: string;
  renewBefore: string;
};

/** The spec of a rendered Certificate; fails when there is none. */
function certificateSpec(certificate: Manifest | undefined, what: string): CertificateSpec {
  assert.ok(certificate, `a Certificate for ${what}`);
  return certificate.spec as CertificateSpec;
}

const CERT_MANAGER = { grpcTls: { certManager: { enabled: true, issuerRef: { name: 'fleet-ca' } } } };

test('cert-manager: one valid Certificate per identity, naming its service as clients check it', async () => {
  const manifests = await render(await valuesFile(CERT_MANAGER));
  const certificates = byKind(manifests, 'Certificate');
  for (const certificate of certificates) await validateManifest(certificate);
  const byIdentity = new Map(certificates.map((certificate) => [componentOf(certificate), certificate]));
  assert.deepEqual([...byIdentity.keys()].sort(), [...PKI_IDENTITIES].sort());
  assert.equal(byIdentity.size, certificates.length, 'one each');

  for (const [identity, certificate] of byIdentity) {
    const spec = certificate.spec as CertificateSpec;
    assert.equal(certificate.metadata.name, `tp-transcription-${identity}-grpc`);
    assert.equal(spec.secretName, defaultSecret(identity));
    // Clients dial <fullname>-<service> but check the bare service name, as a DNS name and the CN.
    assert.equal(spec.commonName, identity);
    assert.equal(spec.dnsNames[0], identity);
    assert.equal(checkServerIdentity(identity, peerOf(spec)), undefined, `${identity}: the client's check passes`);
    assert.deepEqual(spec.privateKey, { algorithm: 'ECDSA', size: 256, rotationPolicy: 'Always' });
    assert.deepEqual(spec.issuerRef, { name: 'fleet-ca', kind: 'Issuer', group: 'cert-manager.io' });
    assert.deepEqual(
      { duration: spec.duration, renewBefore: spec.renewBefore },
      { duration: '2160h', renewBefore: '720h' },
    );
    assert.ok(spec.usages.includes('client auth'), identity);
    assert.ok(spec.usages.includes('digital signature'), `${identity}: ECDSA signs the handshake`);
    assert.equal(spec.usages.includes('server auth'), identity !== 'tsctl', `${identity}: server auth but tsctl`);
  }

  // The services' in-cluster names, for tools that check the dialed host.
  for (const service of byKind(manifests, 'Service')) {
    const identity = componentOf(service);
    if (!byIdentity.has(identity) || service.metadata.name.endsWith('-metrics')) continue;
    const names = certificateSpec(byIdentity.get(identity), identity).dnsNames;
    const host = service.metadata.name;
    for (const name of [host, `${host}.transcription.svc`, `${host}.transcription.svc.cluster.local`])
      assert.ok(names.includes(name), `${identity}: ${name}`);
  }
  for (const identity of ['worker', 'tsctl'])
    assert.deepEqual(
      certificateSpec(byIdentity.get(identity), identity).dnsNames,
      [identity],
      `${identity}: no Service`,
    );

  // The Secrets they fill are the ones the pods mount.
  for (const deployment of byKind(manifests, 'Deployment')) {
    const secret = secretVolumes(podTemplate(deployment).spec)[VOLUME];
    if (secret) assert.equal(certificateSpec(byIdentity.get(componentOf(deployment)), secret).secretName, secret);
  }
});

test('the production example lets cert-manager issue every certificate; the defaults issue none', async () => {
  const production = byKind(await render(productionValues), 'Certificate');
  assert.deepEqual(production.map(componentOf).sort(), [...PKI_IDENTITIES].sort());
  for (const certificate of production) await validateManifest(certificate);
  assert.equal(certificateSpec(production[0], 'the production example').issuerRef.kind, 'ClusterIssuer');
  assert.deepEqual(byKind(await render(), 'Certificate'), []);
});

test("Secrets of the operator's naming (grpcTls.secretNames): the pods and the Certificates follow", async () => {
  const names = { media: 'prod-media-grpc', worker: 'prod-worker-grpc', tsctl: 'ops-tsctl' };
  const values = { grpcTls: { secretNames: names } };
  for (const manifests of [
    await render(await valuesFile(values)),
    await render(await valuesFile({ grpcTls: { ...values.grpcTls, ...CERT_MANAGER.grpcTls } })),
  ]) {
    for (const deployment of byKind(manifests, 'Deployment')) {
      const identity = componentOf(deployment);
      if (HTTP_ONLY_SERVICES.includes(identity)) continue;
      const expected = names[identity as keyof typeof names] ?? defaultSecret(identity);
      assert.equal(secretVolumes(podTemplate(deployment).spec)[VOLUME], expected, deployment.metadata.name);
    }
    assert.equal(secretVolumes(smokePod(manifests).spec)[VOLUME], 'ops-tsctl');
    for (const certificate of byKind(manifests, 'Certificate')) {
      const identity = componentOf(certificate);
      const expected = names[identity as keyof typeof names] ?? defaultSecret(identity);
      assert.equal((certificate.spec as CertificateSpec).secretName, expected);
    }
  }
});

test('a disabled component or smoke test needs no certificate', async () => {
  const manifests = await render(
    await valuesFile({ ...CERT_MANAGER, media: { enabled: false }, tests: { enabled: false } }),
  );
  const identities = byKind(manifests, 'Certificate').map(componentOf);
  assert.ok(!identities.includes('media') && !identities.includes('tsctl'));
  assert.ok(identities.includes('accounts'));
});

test('cert-manager settings reach the Certificates: a ClusterIssuer, lifetimes, the cluster domain', async () => {
  const manifests = await render(
    await valuesFile({
      grpcTls: {
        certManager: {
          enabled: true,
          issuerRef: { name: 'vault-fleet', kind: 'ClusterIssuer', group: 'cert-manager.io' },
          duration: '720h',
          renewBefore: '240h',
          clusterDomain: 'k8s.example',
        },
      },
    }),
  );
  const spec = find(manifests, 'Certificate', 'jobs').spec as CertificateSpec;
  assert.deepEqual(spec.issuerRef, { name: 'vault-fleet', kind: 'ClusterIssuer', group: 'cert-manager.io' });
  assert.deepEqual(
    { duration: spec.duration, renewBefore: spec.renewBefore },
    { duration: '720h', renewBefore: '240h' },
  );
  assert.ok(spec.dnsNames.includes('tp-transcription-jobs.transcription.svc.k8s.example'));
});
