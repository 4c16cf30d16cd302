// The chart, offline: helm lint --strict, helm template, kubernetes-models validation of every
// rendered object, and the rules the fleet relies on (hardened pods, probes, resources, the
// migration hook and its env contract, config checksums, one Deployment per Dockerfile).
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IEnvVar } from 'kubernetes-models/v1/EnvVar';
import { ensureHelm, repoRoot } from '../../../tools/dev/helm.ts';
import { ENGINE_KINDS } from '../../../packages/catalog/src/engines.ts';
import { PROFILES } from '../../../packages/catalog/src/profiles.ts';
import {
  byKind,
  find,
  lint,
  parseManifests,
  podTemplate,
  productionValues,
  render,
  renderRaw,
  validateManifest,
  valuesFile,
  workloads,
  type Manifest,
} from './manifests.ts';

const run = promisify(execFile);

async function dockerizedServices(): Promise<string[]> {
  const services = await readdir(join(repoRoot, 'services'), { withFileTypes: true });
  return services.filter((entry) => entry.isDirectory() && existsSync(join(repoRoot, 'services', entry.name, 'Dockerfile'))).map((entry) => entry.name).sort();
}

function containersOf(manifest: Manifest): IContainer[] {
  const { spec } = podTemplate(manifest);
  return [...(spec.initContainers ?? []), ...spec.containers];
}

function envOf(container: IContainer, name: string): IEnvVar {
  const entry = container.env?.find((variable) => variable.name === name);
  if (!entry) throw new Error(`container ${container.name} has no env ${name}`);
  return entry;
}

function annotations(manifest: Manifest): Record<string, string> {
  return (manifest.metadata.annotations ?? {}) as Record<string, string>;
}

function container(manifests: Manifest[], component: string): IContainer {
  const found = podTemplate(find(manifests, 'Deployment', component)).spec.containers.find((candidate) => candidate.name === component);
  if (!found) throw new Error(`no ${component} container`);
  return found;
}

/** The label that tells the objects of one worker pool from another's. */
const POOL_LABEL = 'transcription/worker-pool';

/** The Deployment of one worker pool. */
function workerDeployment(manifests: Manifest[], pool: string): Manifest {
  const found = byKind(manifests, 'Deployment').find(
    (manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'worker' && manifest.metadata.labels?.[POOL_LABEL] === pool,
  );
  if (!found) throw new Error(`no worker Deployment for pool ${pool}`);
  return found;
}

function workerContainer(manifests: Manifest[], pool: string): IContainer {
  const found = podTemplate(workerDeployment(manifests, pool)).spec.containers.find((candidate) => candidate.name === 'worker');
  if (!found) throw new Error(`no worker container in pool ${pool}`);
  return found;
}

/** The pools that have a worker Deployment, sorted. */
function workerPools(manifests: Manifest[]): string[] {
  return byKind(manifests, 'Deployment')
    .filter((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'worker')
    .map((manifest) => manifest.metadata.labels?.[POOL_LABEL] ?? '')
    .sort();
}

/** The Secret keys a container reads, sorted. */
function secretKeysOf(container: IContainer): string[] {
  return (container.env ?? []).map((variable) => variable.valueFrom?.secretKeyRef?.key).filter((key): key is string => Boolean(key)).sort();
}

/** The object storage variables of a container (S3_*), values and Secret references alike, in order. */
function s3Env(container: IContainer): IEnvVar[] {
  return (container.env ?? []).filter((variable) => variable.name.startsWith('S3_'));
}

/** A Kubernetes quantity in bytes (the binary and decimal suffixes the chart uses). */
function bytes(quantity: string | number | undefined): number {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|k|M|G)?$/.exec(String(quantity ?? ''));
  if (!match) throw new Error(`unsupported quantity ${String(quantity)}`);
  const unit = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, k: 1e3, M: 1e6, G: 1e9 }[match[2] ?? ''] ?? 1;
  return Number(match[1]) * unit;
}

// The settings media reads as plain values, with the chart defaults (values.yaml media.uploads).
const MEDIA_NUMBERS = {
  UPLOAD_URL_TTL_SECONDS: '900',
  UPLOAD_SESSION_TTL_SECONDS: '3600',
  MEDIA_MAX_BYTES: '5368709120',
  STORAGE_QUOTA_BYTES: '53687091200',
  COMPLETE_WAIT_MS: '3000',
  VERIFY_CONCURRENCY: '2',
  VERIFY_TIMEOUT_MS: '60000',
  DIRECT_UPLOAD_PART_BYTES: '8388608',
};

// The plan billing reads as plain values, with the chart defaults (values.yaml billing and, for the
// storage quota and upload limit, media.uploads: one value for both services).
const BILLING_NUMBERS = {
  PLAN_NAME: 'standard',
  PLAN_MAX_CONCURRENT_JOBS: '4',
  STORAGE_QUOTA_BYTES: '53687091200',
  MAX_UPLOAD_BYTES: '5368709120',
  GRANT_EXPIRY_SWEEP_MS: '60000',
};

describe('tools/dev/helm.ts', () => {
  test('extracts an executable helm once and re-extracts only when the stamp is stale', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'helm-'));
    try {
      const target = join(dir, 'bin/helm');
      assert.equal(await ensureHelm(target), target);
      const { stdout } = await run(target, ['version', '--short']);
      assert.match(stdout, /^v3\.\d+\.\d+/);
      const first = await stat(target);

      await ensureHelm(target);
      assert.equal((await stat(target)).mtimeMs, first.mtimeMs, 'a current binary is not rewritten');

      await writeFile(`${target}.version`, '0.0.0-stale\n');
      await ensureHelm(target);
      assert.notEqual((await stat(target)).mtimeMs, first.mtimeMs, 'a stale stamp re-extracts');
      assert.notEqual(await readFile(`${target}.version`, 'utf8'), '0.0.0-stale\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the manifest validator', () => {
  test('refuses a kind kubernetes-models does not know', async () => {
    await assert.rejects(validateManifest({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } }), /unknown apiVersion/);
    await assert.rejects(validateManifest({ apiVersion: 'apps/v1', kind: 'Widget', metadata: { name: 'w' } }), /unknown kind/);
  });

  test('refuses an object that breaks the Kubernetes schema', async () => {
    const broken: Manifest = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'broken' },
      spec: { selector: {}, template: { spec: { containers: [{ name: 'c', ports: [{ containerPort: 'http' }] }] } } },
    };
    await assert.rejects(validateManifest(broken), /Deployment broken .* invalid: .*containerPort/);
  });

  test('refuses a rendered document without kind', () => {
    assert.throws(() => parseManifests('apiVersion: v1\nmetadata: {name: x}\n'), /without apiVersion\/kind/);
  });
});

describe('helm lint --strict', () => {
  test('passes with the default values', async () => {
    const result = await lint();
    assert.equal(result.code, 0, result.stdout + result.stderr);
  });

  test('passes with the production example', async () => {
    const result = await lint(productionValues);
    assert.equal(result.code, 0, result.stdout + result.stderr);
  });

  const invalid: Array<[string, unknown, RegExp]> = [
    ['a misspelt key', { gateway: { replcas: 3 } }, /replcas/],
    ['an unknown top-level key', { gatway: { enabled: true } }, /gatway/],
    ['a negative replica count', { accounts: { replicas: -1 } }, /accounts\.replicas/],
    ['a negative media replica count', { media: { replicas: -1 } }, /media\.replicas/],
    ['a negative billing replica count', { billing: { replicas: -1 } }, /billing\.replicas/],
    ['a negative artifacts replica count', { artifacts: { replicas: -1 } }, /artifacts\.replicas/],
    ['a short admin API key', { secrets: { adminApiKey: 'too-short' } }, /adminApiKey/],
    ['a short media token secret', { secrets: { mediaTokenSecret: 'too-short' } }, /mediaTokenSecret/],
    ['a database URL that is not PostgreSQL', { secrets: { databaseUrls: { accounts: 'mysql://db/x' } } }, /databaseUrls\.accounts/],
    ['a media database URL that is not PostgreSQL', { secrets: { databaseUrls: { media: 'mysql://db/x' } } }, /databaseUrls\.media/],
    ['a billing database URL that is not PostgreSQL', { secrets: { databaseUrls: { billing: 'mysql://db/x' } } }, /databaseUrls\.billing/],
    ['an artifacts database URL that is not PostgreSQL', { secrets: { databaseUrls: { artifacts: 'mysql://db/x' } } }, /databaseUrls\.artifacts/],
    ['a storage block of artifacts (its storage is media.s3)', { artifacts: { s3: { bucket: 'other-bucket' } } }, /Additional property s3 is not allowed/],
    ['an artifacts payload limit below 1 KiB', { artifacts: { maxPayloadBytes: 512 } }, /maxPayloadBytes/],
    ['a fractional artifacts payload limit', { artifacts: { maxPayloadBytes: 1.5 } }, /maxPayloadBytes/],
    ['an artifacts payload limit above 1 GiB', { artifacts: { maxPayloadBytes: 2 ** 30 + 1 } }, /maxPayloadBytes/],
    ['artifacts resources without limits', { artifacts: { resources: { limits: null } } }, /limits/],
    ['an unknown billing plan key', { billing: { plan: { maxJobs: 4 } } }, /maxJobs/],
    ['a billing storage quota of its own (it is media.uploads.storageQuotaBytes)', { billing: { storageQuotaBytes: 1 } }, /storageQuotaBytes/],
    ['a plan name with spaces', { billing: { plan: { name: 'Team Plus' } } }, /billing\.plan\.name/],
    ['a plan without concurrent jobs', { billing: { plan: { maxConcurrentJobs: 0 } } }, /maxConcurrentJobs/],
    ['a fractional grant expiry sweep', { billing: { grantExpirySweepMs: 1500.5 } }, /grantExpirySweepMs/],
    ['a grant expiry sweep below a second', { billing: { grantExpirySweepMs: 10 } }, /grantExpirySweepMs/],
    ['billing resources without limits', { billing: { resources: { limits: null } } }, /limits/],
    ['an unknown media storage key', { media: { s3: { pathStyle: true } } }, /pathStyle/],
    ['a storage endpoint without scheme', { media: { s3: { endpoint: 'minio:9000' } } }, /media\.s3\.endpoint/],
    ['a public storage endpoint without scheme', { media: { s3: { publicEndpoint: 'files.example.com' } } }, /media\.s3\.publicEndpoint/],
    ['an invalid bucket name', { media: { s3: { bucket: 'Media_Bucket' } } }, /media\.s3\.bucket/],
    ['a path style that is not a boolean', { media: { s3: { forcePathStyle: 'sometimes' } } }, /forcePathStyle/],
    ['a direct upload part below the S3 minimum', { media: { uploads: { directUploadPartBytes: 1024 } } }, /directUploadPartBytes/],
    ['a fractional upload limit', { media: { uploads: { maxBytes: 1.5 } } }, /maxBytes/],
    ['no verification concurrency', { media: { uploads: { verifyConcurrency: 0 } } }, /verifyConcurrency/],
    ['an upload URL shorter than a minute', { media: { uploads: { urlTtlSeconds: 30 } } }, /urlTtlSeconds/],
    ['a file limit above the S3 object limit', { media: { uploads: { maxBytes: 6 * 2 ** 40 } } }, /maxBytes/],
    ['media resources without limits', { media: { resources: { limits: null } } }, /limits/],
    ['an unknown pull policy', { global: { image: { pullPolicy: 'Sometimes' } } }, /pullPolicy/],
    ['an unknown log level', { config: { logLevel: 'verbose' } }, /logLevel/],
    ['resources without limits', { gateway: { resources: { limits: null } } }, /limits/],
    ['a digest that is not sha256', { gateway: { image: { digest: 'latest' } } }, /digest/],
    ['a negative jobs replica count', { jobs: { replicas: -1 } }, /jobs\.replicas/],
    ['a jobs database URL that is not PostgreSQL', { secrets: { databaseUrls: { jobs: 'mysql://db/x' } } }, /databaseUrls\.jobs/],
    ['engines set on jobs (they are derived from the worker pools)', { jobs: { engines: 'whisper' } }, /Additional property engines is not allowed/],
    ['jobs resources without limits', { jobs: { resources: { limits: null } } }, /limits/],
    ['a negative shares replica count', { shares: { replicas: -1 } }, /shares\.replicas/],
    ['a shares database URL that is not PostgreSQL', { secrets: { databaseUrls: { shares: 'mysql://db/x' } } }, /databaseUrls\.shares/],
    ['an unknown shares key', { shares: { publicBaseUrl: 'https://x.example' } }, /Additional property publicBaseUrl is not allowed/],
    ['shares resources without limits', { shares: { resources: { limits: null } } }, /limits/],
    ['an unknown worker key', { worker: { replicas: 2 } }, /Additional property replicas is not allowed/],
    ['an unknown worker pool key', { worker: { pools: { cpu: { gpus: 1 } } } }, /Additional property gpus is not allowed/],
    ['an engine the catalog does not know', { worker: { pools: { cpu: { engines: ['vosk'] } } } }, /worker\.pools\.cpu\.engines\.0 must be one of the following/],
    ['a pool without engines', { worker: { pools: { cpu: { engines: [] } } } }, /worker\.pools\.cpu\.engines/],
    ['an engine listed twice', { worker: { pools: { cpu: { engines: ['pocketsphinx', 'pocketsphinx'] } } } }, /worker\.pools\.cpu\.engines/],
    ['a pool the profile catalog does not know (no profile queues work for it)', { worker: { pools: { large: { enabled: false } } } }, /"large"/],
    ['a pool without concurrency', { worker: { pools: { cpu: { concurrency: 0 } } } }, /worker\.pools\.cpu\.concurrency/],
    ['a pool without resource limits', { worker: { pools: { cpu: { resources: { limits: null } } } } }, /limits/],
    ['a new pool that leaves out its engines and resources', { worker: { pools: { big: { enabled: true, replicas: 1, concurrency: 1 } } } }, /engines is required/],
    ['a models claim that is no Kubernetes name', { worker: { pools: { gpu: { models: { existingClaim: 'Whisper Models' } } } } }, /existingClaim/],
    ['a relative models mount path', { worker: { pools: { gpu: { models: { mountPath: 'models' } } } } }, /mountPath/],
    ['an unknown KEDA key', { worker: { pools: { cpu: { autoscaling: { keda: { enabled: true, maxReplicaCount: 3 } } } } } }, /maxReplicaCount/],
    ['a negative KEDA minimum', { worker: { pools: { cpu: { autoscaling: { keda: { enabled: true, minReplicas: -1 } } } } } }, /minReplicas/],
    ['a NATS monitoring endpoint with a scheme', { worker: { keda: { natsServerMonitoringEndpoint: 'http://nats:8222' } } }, /natsServerMonitoringEndpoint/],
    ['an ack wait shorter than three progress beats', { worker: { work: { ackWaitMs: 2000 } } }, /ackWaitMs/],
    ['no delivery at all', { worker: { work: { maxDeliver: 0 } } }, /maxDeliver/],
    ['a worker grace period too short to hand a job back', { worker: { terminationGracePeriodSeconds: 1 } }, /terminationGracePeriodSeconds/],
  ];
  for (const [what, values, message] of invalid) {
    test(`refuses ${what}`, async () => {
      const result = await lint(await valuesFile(values));
      assert.notEqual(result.code, 0, `accepted ${JSON.stringify(values)}`);
      assert.match(result.stdout + result.stderr, message);
    });
  }
});

describe('rendering refuses inconsistent values', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['no NATS URL and no existing Secret', { secrets: { natsUrl: '' } }, /secrets\.natsUrl is required/],
    ['no accounts database URL and no existing Secret', { secrets: { databaseUrls: { accounts: '' } } }, /secrets\.databaseUrls\.accounts is required/],
    ['no media database URL and no existing Secret', { secrets: { databaseUrls: { media: '' } } }, /secrets\.databaseUrls\.media is required/],
    ['no billing database URL and no existing Secret', { secrets: { databaseUrls: { billing: '' } } }, /secrets\.databaseUrls\.billing is required/],
    ['no artifacts database URL and no existing Secret', { secrets: { databaseUrls: { artifacts: '' } } }, /secrets\.databaseUrls\.artifacts is required/],
    ['an S3 access key id without its secret', { secrets: { s3AccessKeyId: 'AKIAEXAMPLE' } }, /s3AccessKeyId and secrets\.s3SecretAccessKey go together/],
    ['an S3 secret without its access key id', { secrets: { s3SecretAccessKey: 'secret' } }, /s3AccessKeyId and secrets\.s3SecretAccessKey go together/],
    ['an upload URL outliving its session', { media: { uploads: { urlTtlSeconds: 7200, sessionTtlSeconds: 3600 } } }, /urlTtlSeconds must not exceed/],
    ['parts too small for the largest file', { media: { uploads: { directUploadPartBytes: 5242880, maxBytes: 107374182400 } } }, /directUploadPartBytes times 10000/],
    ['maxReplicas below minReplicas', { gateway: { autoscaling: { enabled: true, minReplicas: 5, maxReplicas: 2 } } }, /maxReplicas/],
    ['an ingress without hosts', { gateway: { ingress: { enabled: true, hosts: [] } } }, /ingress\.hosts/],
    ['no jobs database URL and no existing Secret', { secrets: { databaseUrls: { jobs: '' } } }, /secrets\.databaseUrls\.jobs is required/],
    ['no shares database URL and no existing Secret', { secrets: { databaseUrls: { shares: '' } } }, /secrets\.databaseUrls\.shares is required/],
    ['jobs without a worker', { worker: { enabled: false } }, /jobs needs at least one enabled worker pool/],
    ['jobs without an enabled pool', { worker: { pools: { cpu: { enabled: false } } } }, /jobs needs at least one enabled worker pool/],
    ['a whisper pool without weights', { worker: { pools: { gpu: { enabled: true } } } }, /worker\.pools\.gpu runs whisper.*models\.existingClaim/],
    ['KEDA without the NATS monitoring endpoint', { worker: { pools: { cpu: { autoscaling: { keda: { enabled: true } } } } } }, /worker\.keda\.natsServerMonitoringEndpoint/],
    [
      'KEDA maxReplicas below minReplicas',
      { worker: { keda: { natsServerMonitoringEndpoint: 'nats:8222' }, pools: { cpu: { autoscaling: { keda: { enabled: true, minReplicas: 5, maxReplicas: 2 } } } } } },
      /worker\.pools\.cpu\.autoscaling\.keda\.maxReplicas/,
    ],
    ['pocketsphinx in the gpu pool (its profiles queue on cpu)', { worker: { pools: { gpu: { enabled: true, engines: ['pocketsphinx', 'whisper'], models: { existingClaim: 'w' } } } } }, /worker\.pools\.gpu runs pocketsphinx, but the profile catalog queues pocketsphinx jobs for the pool "cpu"/],
    ['whisper in the cpu pool (its profiles queue on gpu)', { worker: { pools: { cpu: { engines: ['whisper'], models: { existingClaim: 'w' } } } } }, /worker\.pools\.cpu runs whisper, but the profile catalog queues whisper jobs for the pool "gpu"/],
    ['a pool rollout that can neither add nor remove a pod', { worker: { pools: { cpu: { rollingUpdate: { maxSurge: 0, maxUnavailable: 0 } } } } }, /cannot both be 0/],
  ];
  for (const [what, values, message] of cases) {
    test(what, async () => {
      const result = await renderRaw(await valuesFile(values));
      assert.notEqual(result.code, 0);
      assert.match(result.stderr, message);
    });
  }
});

for (const [name, files] of [
  ['default values', [] as string[]],
  ['production example', [productionValues]],
] as const) {
  describe(`rendered with the ${name}`, () => {
    let manifests: Manifest[] = [];
    before(async () => {
      manifests = await render(...files);
    });

    test('every object is a valid Kubernetes object of a known kind', async () => {
      assert.ok(manifests.length > 0);
      for (const manifest of manifests) await validateManifest(manifest);
    });

    test('deploys gateway, accounts, billing, artifacts, media, jobs and shares, each with a Service, a ServiceAccount and a PodDisruptionBudget; the worker without a Service', () => {
      const components = (kind: string) => byKind(manifests, kind).map((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component']).sort();
      // The default values and the production example both run the one pool `cpu`.
      assert.deepEqual(components('Deployment'), ['accounts', 'artifacts', 'billing', 'gateway', 'jobs', 'media', 'shares', 'worker']);
      assert.deepEqual(components('Service'), ['accounts', 'artifacts', 'billing', 'gateway', 'jobs', 'media', 'shares']);
      assert.deepEqual(components('ServiceAccount'), ['accounts', 'artifacts', 'billing', 'gateway', 'jobs', 'media', 'shares', 'worker']);
      assert.deepEqual(components('PodDisruptionBudget'), ['accounts', 'artifacts', 'billing', 'gateway', 'jobs', 'media', 'shares', 'worker']);
      for (const component of ['billing', 'artifacts', 'media', 'jobs', 'shares', 'worker']) {
        assert.equal(podTemplate(find(manifests, 'Deployment', component)).spec.serviceAccountName, find(manifests, 'ServiceAccount', component).metadata.name);
      }
    });

    test('object names are unique per kind', () => {
      const keys = manifests.map((manifest) => `${manifest.kind}/${manifest.metadata.name}`);
      assert.deepEqual(keys, [...new Set(keys)]);
    });

    test('every pod is non-root, seccomp-confined, and has a writable /tmp only', () => {
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
          assert.ok(container.volumeMounts?.some((mount) => mount.name === 'tmp' && mount.mountPath === '/tmp'), `${at} mounts /tmp`);
        }
      }
    });

    test('every container sets cpu and memory requests and limits', () => {
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
    });

    test('every long-running container has liveness and readiness probes on a declared port', () => {
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
    });

    test('pods carry a config checksum so configuration changes roll them', () => {
      for (const deployment of byKind(manifests, 'Deployment')) {
        assert.match(podTemplate(deployment).metadata?.annotations?.['checksum/config'] ?? '', /^[a-f0-9]{64}$/, deployment.metadata.name);
      }
    });

    test('the migration Job is a pre-install/pre-upgrade hook with bounded retries', () => {
      const job = find(manifests, 'Job', 'migrations');
      const hook = annotations(job);
      assert.deepEqual(hook['helm.sh/hook']?.split(',').sort(), ['pre-install', 'pre-upgrade']);
      assert.ok(hook['helm.sh/hook-delete-policy']?.split(',').includes('before-hook-creation'));
      const backoffLimit = (job.spec as { backoffLimit?: number }).backoffLimit;
      assert.ok(backoffLimit !== undefined && backoffLimit >= 0 && backoffLimit <= 5, `backoffLimit ${backoffLimit}`);
      assert.ok((job.spec as { activeDeadlineSeconds?: number }).activeDeadlineSeconds, 'the job has a deadline');
      assert.equal(podTemplate(job).spec.restartPolicy, 'Never');
      assert.deepEqual(podTemplate(job).spec.containers[0]?.command, ['node', 'packages/db/src/cli.ts', 'deploy', '--all']);
    });

    test('the migration Job reads each service database URL from the very Secret key the service uses', () => {
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
      assert.deepEqual(urls.sort(), ['DATABASE_URL_ACCOUNTS', 'DATABASE_URL_ARTIFACTS', 'DATABASE_URL_BILLING', 'DATABASE_URL_JOBS', 'DATABASE_URL_MEDIA', 'DATABASE_URL_SHARES']);
      assert.equal(envOf(container(manifests, 'media'), 'DATABASE_URL').valueFrom?.secretKeyRef?.key, 'DATABASE_URL_MEDIA');
      assert.equal(envOf(container(manifests, 'billing'), 'DATABASE_URL').valueFrom?.secretKeyRef?.key, 'DATABASE_URL_BILLING');
      assert.deepEqual(envOf(job, 'DATABASE_URL_BILLING').valueFrom?.secretKeyRef, envOf(container(manifests, 'billing'), 'DATABASE_URL').valueFrom?.secretKeyRef);
      assert.equal(envOf(container(manifests, 'artifacts'), 'DATABASE_URL').valueFrom?.secretKeyRef?.key, 'DATABASE_URL_ARTIFACTS');
      assert.deepEqual(envOf(job, 'DATABASE_URL_ARTIFACTS').valueFrom?.secretKeyRef, envOf(container(manifests, 'artifacts'), 'DATABASE_URL').valueFrom?.secretKeyRef);
      assert.equal(envOf(container(manifests, 'jobs'), 'DATABASE_URL').valueFrom?.secretKeyRef?.key, 'DATABASE_URL_JOBS');
      assert.deepEqual(envOf(job, 'DATABASE_URL_JOBS').valueFrom?.secretKeyRef, envOf(container(manifests, 'jobs'), 'DATABASE_URL').valueFrom?.secretKeyRef);
      assert.equal(envOf(container(manifests, 'shares'), 'DATABASE_URL').valueFrom?.secretKeyRef?.key, 'DATABASE_URL_SHARES');
      assert.deepEqual(envOf(job, 'DATABASE_URL_SHARES').valueFrom?.secretKeyRef, envOf(container(manifests, 'shares'), 'DATABASE_URL').valueFrom?.secretKeyRef);
    });

    test('when the chart renders the Secret, it exists before the migration hook runs', () => {
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
      const referenced = new Set(jobPod.containers.flatMap((container) => (container.env ?? []).map((variable) => variable.valueFrom?.configMapKeyRef?.name).filter(Boolean)));
      assert.equal(referenced.size, 0, 'the migration job reads no ConfigMap');
    });

    test('every secret and config reference resolves to a key that exists', () => {
      const configMaps = new Map(byKind(manifests, 'ConfigMap').map((map) => [map.metadata.name, (map.data ?? {}) as Record<string, string>]));
      const secrets = new Map(byKind(manifests, 'Secret').map((secret) => [secret.metadata.name, (secret.data ?? {}) as Record<string, string>]));
      for (const workload of workloads(manifests)) {
        for (const container of containersOf(workload)) {
          for (const variable of container.env ?? []) {
            const configRef = variable.valueFrom?.configMapKeyRef;
            if (configRef && !configRef.optional) {
              assert.ok(configMaps.get(configRef.name ?? '')?.[configRef.key] !== undefined, `${container.name} ${variable.name}`);
            }
            const secretRef = variable.valueFrom?.secretKeyRef;
            if (secretRef && secrets.has(secretRef.name ?? '')) {
              assert.ok(secrets.get(secretRef.name ?? '')?.[secretRef.key] !== undefined, `${container.name} ${variable.name}`);
            }
          }
        }
      }
    });

    test('every service that has a Dockerfile is deployed with a Service in front, but the worker, which only dials out', async () => {
      const services = await dockerizedServices();
      assert.ok(services.length >= 2);
      assert.ok(services.includes('worker') && services.includes('jobs') && services.includes('shares'));
      for (const service of services) {
        const deployment = find(manifests, 'Deployment', service);
        assert.ok(podTemplate(deployment).spec.containers.some((container) => container.name === service));
        if (service === 'worker') {
          assert.ok(!byKind(manifests, 'Service').some((kube) => kube.metadata.labels?.['app.kubernetes.io/component'] === 'worker'), 'no Service for the worker');
          continue;
        }
        const kube = find(manifests, 'Service', service);
        assert.ok(podTemplate(deployment).spec.containers.some((container) => container.name === service));
        const selector = (kube.spec as { selector?: Record<string, string> }).selector ?? {};
        const labels = podTemplate(deployment).metadata?.labels ?? {};
        for (const [key, value] of Object.entries(selector)) assert.equal(labels[key], value, `${service} Service selects its pods`);
        const targetPorts = ((kube.spec as { ports?: Array<{ targetPort?: string | number }> }).ports ?? []).map((port) => port.targetPort);
        const containerPorts = podTemplate(deployment).spec.containers.flatMap((container) => (container.ports ?? []).map((port) => port.name));
        for (const target of targetPorts) assert.ok(containerPorts.includes(String(target)), `${service} Service targets port ${String(target)}`);
      }
    });

    test('every listen address a service reads (*_HOST) is set to 0.0.0.0, or probes and peers cannot reach it', async () => {
      for (const service of await dockerizedServices()) {
        const configFile = join(repoRoot, 'services', service, 'src/config.ts');
        if (!existsSync(configFile)) continue;
        const hosts = [...(await readFile(configFile, 'utf8')).matchAll(/(\w+_HOST|HOST): env\.host\(/g)].map((match) => match[1] ?? '');
        const container = podTemplate(find(manifests, 'Deployment', service)).spec.containers[0];
        assert.ok(container);
        for (const host of hosts) assert.equal(envOf(container, host).value, '0.0.0.0', `${service} ${host}`);
      }
    });

    test('the gateway dials the accounts, billing, artifacts, media, jobs and shares Services', () => {
      const gateway = podTemplate(find(manifests, 'Deployment', 'gateway')).spec.containers[0];
      assert.ok(gateway);
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
      assert.equal(envOf(gateway, 'MEDIA_GRPC_ADDR').value, `${find(manifests, 'Service', 'media').metadata.name}:50052`);
      assert.equal(envOf(gateway, 'BILLING_GRPC_ADDR').value, `${find(manifests, 'Service', 'billing').metadata.name}:50053`);
      assert.equal(envOf(gateway, 'ARTIFACTS_GRPC_ADDR').value, `${find(manifests, 'Service', 'artifacts').metadata.name}:50054`);
      assert.equal(envOf(gateway, 'JOBS_GRPC_ADDR').value, `${find(manifests, 'Service', 'jobs').metadata.name}:50055`);
      assert.equal(envOf(gateway, 'SHARES_GRPC_ADDR').value, `${find(manifests, 'Service', 'shares').metadata.name}:50056`);
      assert.equal(envOf(gateway, 'HOST').value, '0.0.0.0');
    });

    test('media: gRPC 50052 and ops 9102 on 0.0.0.0, probed on /healthz and /readyz', () => {
      const media = container(manifests, 'media');
      assert.deepEqual(Object.fromEntries((media.ports ?? []).map((port) => [port.name, port.containerPort])), { grpc: 50052, ops: 9102 });
      for (const [name, value] of Object.entries({ GRPC_HOST: '0.0.0.0', GRPC_PORT: '50052', OPS_HOST: '0.0.0.0', OPS_PORT: '9102' })) {
        assert.equal(envOf(media, name).value, value, name);
      }
      assert.deepEqual(media.startupProbe?.httpGet, { path: '/healthz', port: 'ops' });
      assert.deepEqual(media.livenessProbe?.httpGet, { path: '/healthz', port: 'ops' });
      assert.deepEqual(media.readinessProbe?.httpGet, { path: '/readyz', port: 'ops' });
      assert.deepEqual(media.lifecycle?.preStop?.exec?.command, ['sleep', '5']);
    });

    test('media reads its secrets from the fleet Secret, like accounts', () => {
      const media = container(manifests, 'media');
      const fleetSecret = envOf(container(manifests, 'accounts'), 'NATS_URL').valueFrom?.secretKeyRef?.name;
      assert.ok(fleetSecret);
      for (const [name, key] of [['DATABASE_URL', 'DATABASE_URL_MEDIA'], ['MEDIA_TOKEN_SECRET', 'MEDIA_TOKEN_SECRET'], ['NATS_URL', 'NATS_URL']] as const) {
        const ref = envOf(media, name).valueFrom?.secretKeyRef;
        assert.deepEqual({ name: ref?.name, key: ref?.key, optional: ref?.optional }, { name: fleetSecret, key, optional: undefined }, name);
        assert.equal(envOf(media, name).value, undefined, `${name} is never inline`);
      }
      assert.equal(envOf(media, 'LOG_LEVEL').valueFrom?.configMapKeyRef?.key, 'LOG_LEVEL');
      assert.equal(envOf(media, 'OTEL_EXPORTER_OTLP_ENDPOINT').valueFrom?.configMapKeyRef?.optional, true);
    });

    test('media gets its storage and upload settings as plain strings, integers never in exponent form', () => {
      const media = container(manifests, 'media');
      for (const [name, value] of Object.entries(MEDIA_NUMBERS)) assert.equal(envOf(media, name).value, value, name);
      assert.equal(envOf(media, 'S3_FORCE_PATH_STYLE').value, 'false');
      assert.match(envOf(media, 'S3_REGION').value ?? '', /^[a-z0-9-]+$/);
      assert.match(envOf(media, 'S3_BUCKET').value ?? '', /^[a-z0-9][a-z0-9.-]+$/);
      const names = (media.env ?? []).map((variable) => variable.name);
      assert.deepEqual(names, [...new Set(names)], 'no variable twice');
      // Unset endpoints mean AWS S3 and "the same as S3_ENDPOINT": the variables are left out, not empty.
      assert.ok(!names.includes('S3_ENDPOINT'));
      assert.ok(!names.includes('S3_PUBLIC_ENDPOINT'));
    });

    test('billing: gRPC 50053 and ops 9103 on 0.0.0.0, probed on /healthz and /readyz', () => {
      const billing = container(manifests, 'billing');
      assert.deepEqual(Object.fromEntries((billing.ports ?? []).map((port) => [port.name, port.containerPort])), { grpc: 50053, ops: 9103 });
      for (const [name, value] of Object.entries({ GRPC_HOST: '0.0.0.0', GRPC_PORT: '50053', OPS_HOST: '0.0.0.0', OPS_PORT: '9103' })) {
        assert.equal(envOf(billing, name).value, value, name);
      }
      assert.deepEqual(billing.startupProbe?.httpGet, { path: '/healthz', port: 'ops' });
      assert.deepEqual(billing.livenessProbe?.httpGet, { path: '/healthz', port: 'ops' });
      assert.deepEqual(billing.readinessProbe?.httpGet, { path: '/readyz', port: 'ops' });
      assert.deepEqual(billing.lifecycle?.preStop?.exec?.command, ['sleep', '5']);
      assert.equal((find(manifests, 'Service', 'billing').spec as { ports: Array<{ port: number }> }).ports[0]?.port, 50053);
    });

    test('billing reads its secrets from the fleet Secret, the admin key being the one accounts reads', () => {
      const billing = container(manifests, 'billing');
      const accountsAdminKey = envOf(container(manifests, 'accounts'), 'ADMIN_API_KEY').valueFrom?.secretKeyRef;
      assert.ok(accountsAdminKey?.name);
      assert.deepEqual(envOf(billing, 'ADMIN_API_KEY').valueFrom?.secretKeyRef, accountsAdminKey);
      for (const [name, key] of [['DATABASE_URL', 'DATABASE_URL_BILLING'], ['ADMIN_API_KEY', 'ADMIN_API_KEY']] as const) {
        const ref = envOf(billing, name).valueFrom?.secretKeyRef;
        assert.deepEqual({ name: ref?.name, key: ref?.key, optional: ref?.optional }, { name: accountsAdminKey.name, key, optional: undefined }, name);
        assert.equal(envOf(billing, name).value, undefined, `${name} is never inline`);
      }
      assert.equal(envOf(billing, 'LOG_LEVEL').valueFrom?.configMapKeyRef?.key, 'LOG_LEVEL');
      assert.equal(envOf(billing, 'OTEL_EXPORTER_OTLP_ENDPOINT').valueFrom?.configMapKeyRef?.optional, true);
      // No bus, no object storage, nothing of the other services' secrets.
      const names = (billing.env ?? []).map((variable) => variable.name);
      assert.deepEqual(names, [...new Set(names)], 'no variable twice');
      for (const absent of ['NATS_URL', 'SESSION_SIGNING_SECRET', 'MEDIA_TOKEN_SECRET']) assert.ok(!names.includes(absent), absent);
      assert.deepEqual(names.filter((name) => name.startsWith('S3_')), []);
      const secretKeys = (billing.env ?? []).map((variable) => variable.valueFrom?.secretKeyRef?.key).filter(Boolean).sort();
      assert.deepEqual(secretKeys, ['ADMIN_API_KEY', 'DATABASE_URL_BILLING']);
    });

    test('billing gets its plan as plain strings; quota and upload limit are media\'s very values', () => {
      const billing = container(manifests, 'billing');
      for (const [name, value] of Object.entries(BILLING_NUMBERS)) assert.equal(envOf(billing, name).value, value, name);
      const media = container(manifests, 'media');
      assert.equal(envOf(billing, 'STORAGE_QUOTA_BYTES').value, envOf(media, 'STORAGE_QUOTA_BYTES').value);
      assert.equal(envOf(billing, 'MAX_UPLOAD_BYTES').value, envOf(media, 'MEDIA_MAX_BYTES').value);
    });

    test('billing sets cpu and memory requests within its limits', () => {
      const billing = container(manifests, 'billing').resources;
      assert.ok(bytes(billing?.requests?.memory) <= bytes(billing?.limits?.memory));
      assert.ok(billing?.requests?.cpu !== undefined && billing.limits?.cpu !== undefined);
    });

    test('artifacts: gRPC 50054 and ops 9104 on 0.0.0.0, probed on /healthz and /readyz', () => {
      const artifacts = container(manifests, 'artifacts');
      assert.deepEqual(Object.fromEntries((artifacts.ports ?? []).map((port) => [port.name, port.containerPort])), { grpc: 50054, ops: 9104 });
      for (const [name, value] of Object.entries({ GRPC_HOST: '0.0.0.0', GRPC_PORT: '50054', OPS_HOST: '0.0.0.0', OPS_PORT: '9104' })) {
        assert.equal(envOf(artifacts, name).value, value, name);
      }
      assert.deepEqual(artifacts.startupProbe?.httpGet, { path: '/healthz', port: 'ops' });
      assert.deepEqual(artifacts.livenessProbe?.httpGet, { path: '/healthz', port: 'ops' });
      assert.deepEqual(artifacts.readinessProbe?.httpGet, { path: '/readyz', port: 'ops' });
      assert.deepEqual(artifacts.lifecycle?.preStop?.exec?.command, ['sleep', '5']);
      assert.equal((find(manifests, 'Service', 'artifacts').spec as { ports: Array<{ port: number }> }).ports[0]?.port, 50054);
    });

    test('artifacts reads its database URL from the fleet Secret; no NATS, nothing of the other services\' secrets', () => {
      const artifacts = container(manifests, 'artifacts');
      const fleetSecret = envOf(container(manifests, 'accounts'), 'NATS_URL').valueFrom?.secretKeyRef?.name;
      assert.ok(fleetSecret);
      const ref = envOf(artifacts, 'DATABASE_URL').valueFrom?.secretKeyRef;
      assert.deepEqual({ name: ref?.name, key: ref?.key, optional: ref?.optional }, { name: fleetSecret, key: 'DATABASE_URL_ARTIFACTS', optional: undefined });
      assert.equal(envOf(artifacts, 'DATABASE_URL').value, undefined, 'DATABASE_URL is never inline');
      assert.equal(envOf(artifacts, 'LOG_LEVEL').valueFrom?.configMapKeyRef?.key, 'LOG_LEVEL');
      assert.equal(envOf(artifacts, 'OTEL_EXPORTER_OTLP_ENDPOINT').valueFrom?.configMapKeyRef?.optional, true);
      const names = (artifacts.env ?? []).map((variable) => variable.name);
      assert.deepEqual(names, [...new Set(names)], 'no variable twice');
      for (const absent of ['NATS_URL', 'SESSION_SIGNING_SECRET', 'ADMIN_API_KEY', 'MEDIA_TOKEN_SECRET']) assert.ok(!names.includes(absent), absent);
      const secretKeys = (artifacts.env ?? []).map((variable) => variable.valueFrom?.secretKeyRef?.key).filter((key) => key && !key.startsWith('S3_'));
      assert.deepEqual(secretKeys, ['DATABASE_URL_ARTIFACTS']);
    });

    test('artifacts uses media\'s very storage settings and gets its payload limit as a plain string', () => {
      const artifacts = container(manifests, 'artifacts');
      assert.deepEqual(s3Env(artifacts), s3Env(container(manifests, 'media')));
      for (const name of ['S3_REGION', 'S3_BUCKET', 'S3_FORCE_PATH_STYLE']) assert.ok(envOf(artifacts, name).value, name);
      assert.equal(envOf(artifacts, 'MAX_PAYLOAD_BYTES').value, '33554432');
    });

    test('artifacts sets cpu and memory requests within its limits', () => {
      const artifacts = container(manifests, 'artifacts').resources;
      assert.ok(bytes(artifacts?.requests?.memory) <= bytes(artifacts?.limits?.memory));
      assert.ok(artifacts?.requests?.cpu !== undefined && artifacts.limits?.cpu !== undefined);
    });

    test('media gets more memory than accounts (ffprobe), with requests within limits', () => {
      const media = container(manifests, 'media').resources;
      const accounts = container(manifests, 'accounts').resources;
      assert.ok(bytes(media?.limits?.memory) > bytes(accounts?.limits?.memory), 'memory limit');
      assert.ok(bytes(media?.requests?.memory) >= bytes(accounts?.requests?.memory), 'memory request');
      assert.ok(bytes(media?.requests?.memory) <= bytes(media?.limits?.memory));
    });

    test('jobs: gRPC 50055 and ops 9105 on 0.0.0.0, probed on /healthz and /readyz', () => {
      const jobs = container(manifests, 'jobs');
      assert.deepEqual(Object.fromEntries((jobs.ports ?? []).map((port) => [port.name, port.containerPort])), { grpc: 50055, ops: 9105 });
      for (const [name, value] of Object.entries({ GRPC_HOST: '0.0.0.0', GRPC_PORT: '50055', OPS_HOST: '0.0.0.0', OPS_PORT: '9105' })) {
        assert.equal(envOf(jobs, name).value, value, name);
      }
      assert.deepEqual(jobs.startupProbe?.httpGet, { path: '/healthz', port: 'ops' });
      assert.deepEqual(jobs.livenessProbe?.httpGet, { path: '/healthz', port: 'ops' });
      assert.deepEqual(jobs.readinessProbe?.httpGet, { path: '/readyz', port: 'ops' });
      assert.deepEqual(jobs.lifecycle?.preStop?.exec?.command, ['sleep', '5']);
      assert.equal((find(manifests, 'Service', 'jobs').spec as { ports: Array<{ port: number }> }).ports[0]?.port, 50055);
    });

    test('jobs reads its database URL and NATS from the fleet Secret and dials billing, media and artifacts', () => {
      const jobs = container(manifests, 'jobs');
      const fleetSecret = envOf(container(manifests, 'accounts'), 'NATS_URL').valueFrom?.secretKeyRef?.name;
      assert.ok(fleetSecret);
      for (const [name, key] of [['DATABASE_URL', 'DATABASE_URL_JOBS'], ['NATS_URL', 'NATS_URL']] as const) {
        const ref = envOf(jobs, name).valueFrom?.secretKeyRef;
        assert.deepEqual({ name: ref?.name, key: ref?.key, optional: ref?.optional }, { name: fleetSecret, key, optional: undefined }, name);
        assert.equal(envOf(jobs, name).value, undefined, `${name} is never inline`);
      }
      assert.deepEqual(secretKeysOf(jobs), ['DATABASE_URL_JOBS', 'NATS_URL']);
      for (const [variable, component] of [['BILLING_GRPC_ADDR', 'billing'], ['MEDIA_GRPC_ADDR', 'media'], ['ARTIFACTS_GRPC_ADDR', 'artifacts']] as const) {
        const service = find(manifests, 'Service', component);
        assert.equal(envOf(jobs, variable).value, `${service.metadata.name}:${(service.spec as { ports: Array<{ port: number }> }).ports[0]?.port}`, variable);
        assert.equal(envOf(jobs, variable).value, envOf(container(manifests, 'gateway'), variable).value, `${variable} as the gateway dials it`);
      }
      assert.equal(envOf(jobs, 'LOG_LEVEL').valueFrom?.configMapKeyRef?.key, 'LOG_LEVEL');
      assert.equal(envOf(jobs, 'OTEL_EXPORTER_OTLP_ENDPOINT').valueFrom?.configMapKeyRef?.optional, true);
      const names = (jobs.env ?? []).map((variable) => variable.name);
      assert.deepEqual(names, [...new Set(names)], 'no variable twice');
      assert.deepEqual(names.filter((name) => name.startsWith('S3_')), []);
    });

    test('jobs accepts exactly the engines the worker pools run (ENGINES)', () => {
      assert.equal(envOf(container(manifests, 'jobs'), 'ENGINES').value, 'pocketsphinx');
      const served = new Set(workerPools(manifests).flatMap((pool) => (envOf(workerContainer(manifests, pool), 'WORKER_ENGINES').value ?? '').split(',')));
      assert.deepEqual((envOf(container(manifests, 'jobs'), 'ENGINES').value ?? '').split(','), [...served].sort());
    });

    test('shares: gRPC 50056 and ops 9107 on 0.0.0.0, probed on /healthz and /readyz', () => {
      const shares = container(manifests, 'shares');
      assert.deepEqual(Object.fromEntries((shares.ports ?? []).map((port) => [port.name, port.containerPort])), { grpc: 50056, ops: 9107 });
      for (const [name, value] of Object.entries({ GRPC_HOST: '0.0.0.0', GRPC_PORT: '50056', OPS_HOST: '0.0.0.0', OPS_PORT: '9107' })) {
        assert.equal(envOf(shares, name).value, value, name);
      }
      assert.deepEqual(shares.startupProbe?.httpGet, { path: '/healthz', port: 'ops' });
      assert.deepEqual(shares.livenessProbe?.httpGet, { path: '/healthz', port: 'ops' });
      assert.deepEqual(shares.readinessProbe?.httpGet, { path: '/readyz', port: 'ops' });
      assert.deepEqual(shares.lifecycle?.preStop?.exec?.command, ['sleep', '5']);
      const service = find(manifests, 'Service', 'shares');
      assert.deepEqual((service.spec as { ports: Array<{ port: number; targetPort: string; appProtocol: string }> }).ports.map(({ port, targetPort, appProtocol }) => ({ port, targetPort, appProtocol })), [
        { port: 50056, targetPort: 'grpc', appProtocol: 'grpc' },
      ]);
    });

    test('shares reads its database URL and NATS (media-deleted events) from the fleet Secret and dials artifacts and media', () => {
      const shares = container(manifests, 'shares');
      const fleetSecret = envOf(container(manifests, 'accounts'), 'NATS_URL').valueFrom?.secretKeyRef?.name;
      assert.ok(fleetSecret);
      for (const [name, key] of [['DATABASE_URL', 'DATABASE_URL_SHARES'], ['NATS_URL', 'NATS_URL']] as const) {
        const ref = envOf(shares, name).valueFrom?.secretKeyRef;
        assert.deepEqual({ name: ref?.name, key: ref?.key, optional: ref?.optional }, { name: fleetSecret, key, optional: undefined }, name);
        assert.equal(envOf(shares, name).value, undefined, `${name} is never inline`);
      }
      assert.deepEqual(secretKeysOf(shares), ['DATABASE_URL_SHARES', 'NATS_URL'], 'nothing of the other services\' secrets');
      for (const [variable, component] of [['ARTIFACTS_GRPC_ADDR', 'artifacts'], ['MEDIA_GRPC_ADDR', 'media']] as const) {
        const service = find(manifests, 'Service', component);
        assert.equal(envOf(shares, variable).value, `${service.metadata.name}:${(service.spec as { ports: Array<{ port: number }> }).ports[0]?.port}`, variable);
        assert.equal(envOf(shares, variable).value, envOf(container(manifests, 'gateway'), variable).value, `${variable} as the gateway dials it`);
      }
      assert.equal(envOf(shares, 'LOG_LEVEL').valueFrom?.configMapKeyRef?.key, 'LOG_LEVEL');
      assert.equal(envOf(shares, 'OTEL_EXPORTER_OTLP_ENDPOINT').valueFrom?.configMapKeyRef?.key, 'OTEL_EXPORTER_OTLP_ENDPOINT');
      assert.equal(envOf(shares, 'OTEL_EXPORTER_OTLP_ENDPOINT').valueFrom?.configMapKeyRef?.optional, true);
      const names = (shares.env ?? []).map((variable) => variable.name);
      assert.deepEqual(names, [...new Set(names)], 'no variable twice');
      assert.deepEqual(names.filter((name) => name.startsWith('S3_')), [], 'no object storage: transcripts come through artifacts');
    });

    test('shares sets cpu and memory requests within its limits', () => {
      const shares = container(manifests, 'shares').resources;
      assert.ok(bytes(shares?.requests?.memory) <= bytes(shares?.limits?.memory));
      assert.ok(shares?.requests?.cpu !== undefined && shares.limits?.cpu !== undefined);
    });

    test('worker: pool cpu, no Service, only the ops port 9106 on 0.0.0.0, probed on /healthz and /readyz', () => {
      assert.deepEqual(workerPools(manifests), ['cpu']);
      const deployment = workerDeployment(manifests, 'cpu');
      assert.equal(deployment.metadata.name, `${find(manifests, 'ServiceAccount', 'worker').metadata.name}-cpu`);
      const worker = workerContainer(manifests, 'cpu');
      assert.deepEqual(Object.fromEntries((worker.ports ?? []).map((port) => [port.name, port.containerPort])), { ops: 9106 });
      assert.equal(envOf(worker, 'OPS_HOST').value, '0.0.0.0');
      assert.equal(envOf(worker, 'OPS_PORT').value, '9106');
      assert.deepEqual(worker.livenessProbe?.httpGet, { path: '/healthz', port: 'ops' });
      assert.deepEqual(worker.readinessProbe?.httpGet, { path: '/readyz', port: 'ops' });
      assert.deepEqual(worker.startupProbe?.httpGet, { path: '/healthz', port: 'ops' });
      // Long enough for a running job to be handed back after SIGTERM.
      assert.ok((podTemplate(deployment).spec.terminationGracePeriodSeconds ?? 0) >= 60);
    });

    test('worker: its pool, engines and queue settings, NATS from the fleet Secret, the jobs, media and artifacts Services', () => {
      const worker = workerContainer(manifests, 'cpu');
      assert.equal(envOf(worker, 'WORKER_POOL').value, 'cpu');
      assert.equal(envOf(worker, 'WORKER_ENGINES').value, 'pocketsphinx');
      assert.match(envOf(worker, 'WORKER_CONCURRENCY').value ?? '', /^[1-9]\d*$/);
      assert.equal(envOf(worker, 'WORK_ACK_WAIT_MS').value, '30000');
      assert.equal(envOf(worker, 'WORK_MAX_DELIVER').value, '3');
      for (const [variable, component] of [['JOBS_GRPC_ADDR', 'jobs'], ['MEDIA_GRPC_ADDR', 'media'], ['ARTIFACTS_GRPC_ADDR', 'artifacts']] as const) {
        const service = find(manifests, 'Service', component);
        assert.equal(envOf(worker, variable).value, `${service.metadata.name}:${(service.spec as { ports: Array<{ port: number }> }).ports[0]?.port}`, variable);
      }
      assert.deepEqual(envOf(worker, 'NATS_URL').valueFrom?.secretKeyRef, envOf(container(manifests, 'jobs'), 'NATS_URL').valueFrom?.secretKeyRef);
      assert.deepEqual(secretKeysOf(worker), ['NATS_URL'], 'no database, no other secret');
      assert.equal(envOf(worker, 'LOG_LEVEL').valueFrom?.configMapKeyRef?.key, 'LOG_LEVEL');
      assert.equal(envOf(worker, 'OTEL_EXPORTER_OTLP_ENDPOINT').valueFrom?.configMapKeyRef?.optional, true);
      const names = (worker.env ?? []).map((variable) => variable.name);
      assert.deepEqual(names, [...new Set(names)], 'no variable twice');
      assert.ok(!names.includes('WHISPER_MODEL_DIR'), 'no weights mounted for the CPU pool');
      assert.equal(byKind(manifests, 'ScaledObject').length, 0, 'KEDA is opt-in');
    });

    test('worker: about a CPU and 512Mi requested per concurrent job, requests within limits, no GPU', () => {
      const worker = workerContainer(manifests, 'cpu');
      const concurrency = Number(envOf(worker, 'WORKER_CONCURRENCY').value);
      const cpu = (quantity: string | number | undefined) => (String(quantity).endsWith('m') ? Number.parseInt(String(quantity), 10) / 1000 : Number(quantity));
      assert.ok(cpu(worker.resources?.requests?.cpu) >= concurrency, `cpu request ${String(worker.resources?.requests?.cpu)} for ${concurrency} jobs`);
      assert.ok(bytes(worker.resources?.requests?.memory) >= concurrency * 512 * 2 ** 20, 'memory request');
      assert.ok(bytes(worker.resources?.requests?.memory) <= bytes(worker.resources?.limits?.memory));
      assert.ok(cpu(worker.resources?.requests?.cpu) <= cpu(worker.resources?.limits?.cpu));
      assert.equal(worker.resources?.limits?.['nvidia.com/gpu'], undefined);
    });

    test('a PodDisruptionBudget covers each Deployment', () => {
      for (const deployment of byKind(manifests, 'Deployment')) {
        const labels = podTemplate(deployment).metadata?.labels ?? {};
        const covered = byKind(manifests, 'PodDisruptionBudget').some((pdb) => {
          const match = (pdb.spec as { selector?: { matchLabels?: Record<string, string> } }).selector?.matchLabels ?? {};
          return Object.entries(match).every(([key, value]) => labels[key] === value);
        });
        assert.ok(covered, deployment.metadata.name);
      }
    });
  });
}

describe('worker pools, the engines jobs accepts, and scaling on queue depth', () => {
  const gpu = { worker: { pools: { gpu: { enabled: true, models: { existingClaim: 'whisper-models' } } } } };
  const keda = {
    worker: {
      keda: { natsServerMonitoringEndpoint: 'nats.nats.svc.cluster.local:8222' },
      pools: {
        cpu: { autoscaling: { keda: { enabled: true, minReplicas: 2, maxReplicas: 12, lagThreshold: 3 } } },
        gpu: { enabled: true, models: { existingClaim: 'whisper-models' }, autoscaling: { keda: { enabled: true } } },
      },
    },
  };

  test('the chart knows the engines of the profile catalog, and only those', async () => {
    const schema = JSON.parse(await readFile(join(repoRoot, 'charts/transcription/values.schema.json'), 'utf8')) as { definitions: { engine: { enum: string[] } } };
    assert.deepEqual([...schema.definitions.engine.enum].sort(), [...ENGINE_KINDS].sort());
  });

  test('defaults: one CPU pool of one pod, one job at a time, pocketsphinx only', async () => {
    const manifests = await render();
    assert.deepEqual(workerPools(manifests), ['cpu']);
    const deployment = workerDeployment(manifests, 'cpu');
    assert.equal(deployment.metadata.name, 'tp-transcription-worker-cpu');
    assert.equal((deployment.spec as { replicas?: number }).replicas, 1);
    const worker = workerContainer(manifests, 'cpu');
    assert.equal(envOf(worker, 'WORKER_ENGINES').value, 'pocketsphinx');
    assert.equal(envOf(worker, 'WORKER_CONCURRENCY').value, '1');
    assert.deepEqual(worker.resources?.requests, { cpu: '1', memory: '512Mi' });
    assert.deepEqual(podTemplate(deployment).spec.volumes?.map((volume) => volume.name), ['tmp']);
    assert.equal(envOf(container(manifests, 'jobs'), 'ENGINES').value, 'pocketsphinx');
    assert.equal(envOf(container(manifests, 'gateway'), 'JOBS_GRPC_ADDR').value, 'tp-transcription-jobs:50055');
    const migrations = podTemplate(find(manifests, 'Job', 'migrations')).spec.containers[0];
    assert.ok(migrations);
    assert.deepEqual(envOf(migrations, 'DATABASE_URL_JOBS').valueFrom?.secretKeyRef, { name: 'tp-transcription-secrets', key: 'DATABASE_URL_JOBS' });
    const secret = (byKind(manifests, 'Secret')[0]?.data ?? {}) as Record<string, string>;
    assert.equal(Buffer.from(secret.DATABASE_URL_JOBS ?? '', 'base64').toString(), 'postgresql://transcription@postgresql:5432/transcription?schema=jobs');
  });

  test('the gpu pool: a second Deployment with a GPU, its node placement and the weights mounted read-only; jobs accepts whisper', async () => {
    const manifests = await render(await valuesFile(gpu));
    for (const manifest of manifests) await validateManifest(manifest);
    assert.deepEqual(workerPools(manifests), ['cpu', 'gpu']);
    assert.equal(envOf(container(manifests, 'jobs'), 'ENGINES').value, 'pocketsphinx,whisper');
    assert.equal(envOf(workerContainer(manifests, 'cpu'), 'WORKER_ENGINES').value, 'pocketsphinx');

    const deployment = workerDeployment(manifests, 'gpu');
    assert.equal(deployment.metadata.name, 'tp-transcription-worker-gpu');
    const pod = podTemplate(deployment).spec;
    const worker = workerContainer(manifests, 'gpu');
    assert.equal(envOf(worker, 'WORKER_POOL').value, 'gpu');
    assert.equal(envOf(worker, 'WORKER_ENGINES').value, 'whisper');
    assert.equal(String(worker.resources?.limits?.['nvidia.com/gpu']), '1');
    assert.equal(worker.resources?.requests?.['nvidia.com/gpu'], undefined, 'a GPU request defaults to its limit');
    assert.deepEqual(pod.nodeSelector, { 'nvidia.com/gpu.present': 'true' });
    assert.deepEqual(pod.tolerations, [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }]);
    assert.deepEqual(pod.volumes?.find((volume) => volume.name === 'models')?.persistentVolumeClaim, { claimName: 'whisper-models', readOnly: true });
    assert.deepEqual(worker.volumeMounts?.find((mount) => mount.name === 'models'), { name: 'models', mountPath: '/models', readOnly: true });
    assert.equal(envOf(worker, 'WHISPER_MODEL_DIR').value, '/models');
    assert.ok(worker.volumeMounts?.some((mount) => mount.name === 'tmp' && mount.mountPath === '/tmp'), 'still a writable /tmp');
    // No spare GPU for a surge pod: the rollout replaces pods one by one.
    assert.deepEqual((deployment.spec as { strategy: { rollingUpdate: unknown } }).strategy.rollingUpdate, { maxSurge: 0, maxUnavailable: 1 });

    // Each pool's Deployment and PodDisruptionBudget select its own pods only.
    for (const [pool, other] of [['cpu', 'gpu'], ['gpu', 'cpu']] as const) {
      const selector = (workerDeployment(manifests, pool).spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels;
      const otherLabels = podTemplate(workerDeployment(manifests, other)).metadata?.labels ?? {};
      assert.ok(!Object.entries(selector).every(([key, value]) => otherLabels[key] === value), `${pool} does not select ${other}`);
      const pdb = byKind(manifests, 'PodDisruptionBudget').find((candidate) => candidate.metadata.labels?.[POOL_LABEL] === pool);
      assert.deepEqual((pdb?.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels, selector);
    }
  });

  test('the weights mount follows models.mountPath and subPath', async () => {
    const manifests = await render(await valuesFile({ worker: { pools: { gpu: { enabled: true, models: { existingClaim: 'weights', mountPath: '/var/lib/whisper', subPath: 'ggml' } } } } }));
    const worker = workerContainer(manifests, 'gpu');
    assert.deepEqual(worker.volumeMounts?.find((mount) => mount.name === 'models'), { name: 'models', mountPath: '/var/lib/whisper', subPath: 'ggml', readOnly: true });
    assert.equal(envOf(worker, 'WHISPER_MODEL_DIR').value, '/var/lib/whisper');
  });

  test('KEDA: a ScaledObject per pool on the lag of its durable consumer on WORK; the Deployments leave the replica count to it', async () => {
    const manifests = await render(await valuesFile(keda));
    const scaled = byKind(manifests, 'ScaledObject');
    assert.deepEqual(scaled.map((object) => object.metadata.labels?.[POOL_LABEL]).sort(), ['cpu', 'gpu']);
    // kubernetes-models has no KEDA models: everything else is validated, the ScaledObjects by shape below.
    for (const manifest of manifests) {
      if (manifest.kind === 'ScaledObject') await assert.rejects(validateManifest(manifest), /unknown apiVersion/);
      else await validateManifest(manifest);
    }
    type ScaledObjectSpec = {
      scaleTargetRef: { apiVersion: string; kind: string; name: string };
      minReplicaCount: number;
      maxReplicaCount: number;
      pollingInterval: number;
      cooldownPeriod: number;
      triggers: Array<{ type: string; metadata: Record<string, unknown> }>;
    };
    const expected = { cpu: { min: 2, max: 12, lag: '3' }, gpu: { min: 0, max: 4, lag: '1' } };
    for (const [pool, want] of Object.entries(expected)) {
      const object = scaled.find((candidate) => candidate.metadata.labels?.[POOL_LABEL] === pool);
      assert.ok(object);
      assert.equal(object.apiVersion, 'keda.sh/v1alpha1');
      assert.equal(object.metadata.labels?.['app.kubernetes.io/component'], 'worker');
      const deployment = workerDeployment(manifests, pool);
      assert.equal((deployment.spec as { replicas?: number }).replicas, undefined, `${pool}: KEDA owns the replica count`);
      const spec = object.spec as ScaledObjectSpec;
      assert.deepEqual(Object.keys(spec).sort(), ['cooldownPeriod', 'maxReplicaCount', 'minReplicaCount', 'pollingInterval', 'scaleTargetRef', 'triggers']);
      assert.deepEqual(spec.scaleTargetRef, { apiVersion: 'apps/v1', kind: 'Deployment', name: deployment.metadata.name });
      assert.equal(object.metadata.name, deployment.metadata.name);
      assert.equal(spec.minReplicaCount, want.min, `${pool} min (0: scale to zero)`);
      assert.equal(spec.maxReplicaCount, want.max);
      for (const field of ['minReplicaCount', 'maxReplicaCount', 'pollingInterval', 'cooldownPeriod'] as const) assert.ok(Number.isInteger(spec[field]) && spec[field] >= 0, field);
      assert.equal(spec.triggers.length, 1);
      const [trigger] = spec.triggers;
      assert.equal(trigger?.type, 'nats-jetstream');
      assert.deepEqual(trigger?.metadata, {
        natsServerMonitoringEndpoint: 'nats.nats.svc.cluster.local:8222',
        account: '$G',
        useHttps: 'false',
        stream: 'WORK',
        consumer: `worker-transcription-${pool}`,
        lagThreshold: want.lag,
        activationLagThreshold: '0',
      });
      // KEDA reads trigger metadata as strings only.
      for (const [key, value] of Object.entries(trigger?.metadata ?? {})) assert.equal(typeof value, 'string', key);
      assert.equal(envOf(workerContainer(manifests, pool), 'WORKER_POOL').value, pool, 'the consumer is the one the pool pulls with');
    }
  });

  test('the pools are the profile catalog\'s, and each engine runs in the pool its profiles are queued on', async () => {
    const schema = JSON.parse(await readFile(join(repoRoot, 'charts/transcription/values.schema.json'), 'utf8')) as {
      properties: { worker: { properties: { pools: { propertyNames: { enum: string[] } } } } };
    };
    const catalogPools = [...new Set(PROFILES.map((profile) => profile.pool))].sort();
    assert.deepEqual([...schema.properties.worker.properties.pools.propertyNames.enum].sort(), catalogPools);
    // Every (engine, pool) pair renders exactly when every profile of the engine is queued on the pool.
    for (const engine of ENGINE_KINDS) {
      for (const pool of catalogPools) {
        const served = PROFILES.filter((profile) => profile.engine === engine).every((profile) => profile.pool === pool);
        const others = Object.fromEntries(catalogPools.filter((other) => other !== pool).map((other) => [other, { enabled: false }]));
        const values = { worker: { pools: { ...others, [pool]: { enabled: true, engines: [engine], models: { existingClaim: 'weights' } } } } };
        const result = await renderRaw(await valuesFile(values));
        assert.equal(result.code === 0, served, `${engine} in pool ${pool}: ${result.stderr}`);
        if (served) assert.equal(envOf(container(parseManifests(result.stdout), 'jobs'), 'ENGINES').value, engine);
      }
    }
  });

  test('a pool may go entirely (null); unset KEDA fields take their defaults, an explicit 0 stays', async () => {
    const manifests = await render(
      await valuesFile({
        worker: {
          keda: { natsServerMonitoringEndpoint: 'nats:8222' },
          pools: { cpu: null, gpu: { enabled: true, models: { existingClaim: 'w' }, autoscaling: { keda: { enabled: true, maxReplicas: null, lagThreshold: null } } } },
        },
      }),
    );
    assert.deepEqual(workerPools(manifests), ['gpu']);
    assert.equal(envOf(container(manifests, 'jobs'), 'ENGINES').value, 'whisper');
    const scaled = byKind(manifests, 'ScaledObject');
    assert.equal(scaled.length, 1);
    const spec = scaled[0]?.spec as { minReplicaCount: number; maxReplicaCount: number; triggers: Array<{ metadata: Record<string, string> }> };
    assert.equal(spec.minReplicaCount, 0, 'an explicit 0 is kept');
    assert.equal(spec.maxReplicaCount, 10, 'the default maximum');
    assert.equal(spec.triggers[0]?.metadata.lagThreshold, '2', 'the default lag threshold');
    assert.equal(spec.triggers[0]?.metadata.consumer, 'worker-transcription-gpu');
    for (const manifest of manifests) if (manifest.kind !== 'ScaledObject') await validateManifest(manifest);
  });

  test('worker settings reach every pool as plain strings; worker.env comes before a pool\'s env', async () => {
    const manifests = await render(
      await valuesFile({
        worker: {
          work: { ackWaitMs: 3600000, maxDeliver: 5 },
          env: [{ name: 'SHARED', value: 'all' }],
          pools: { cpu: { concurrency: 16, env: [{ name: 'ONLY_CPU', value: 'cpu-only' }] }, gpu: { enabled: true, models: { existingClaim: 'w' } } },
        },
      }),
    );
    for (const pool of ['cpu', 'gpu']) {
      const worker = workerContainer(manifests, pool);
      assert.equal(envOf(worker, 'WORK_ACK_WAIT_MS').value, '3600000', 'never in exponent form');
      assert.equal(envOf(worker, 'WORK_MAX_DELIVER').value, '5');
      assert.equal(envOf(worker, 'SHARED').value, 'all');
    }
    const cpu = workerContainer(manifests, 'cpu');
    assert.equal(envOf(cpu, 'WORKER_CONCURRENCY').value, '16');
    const names = (cpu.env ?? []).map((variable) => variable.name);
    assert.ok(names.indexOf('SHARED') < names.indexOf('ONLY_CPU'));
    assert.ok(!(workerContainer(manifests, 'gpu').env ?? []).some((variable) => variable.name === 'ONLY_CPU'));
  });

  test('the gateway and the workers follow the jobs Service port', async () => {
    const manifests = await render(await valuesFile({ jobs: { service: { port: 6003 } } }));
    const service = find(manifests, 'Service', 'jobs');
    assert.equal(envOf(container(manifests, 'gateway'), 'JOBS_GRPC_ADDR').value, `${service.metadata.name}:6003`);
    assert.equal(envOf(workerContainer(manifests, 'cpu'), 'JOBS_GRPC_ADDR').value, `${service.metadata.name}:6003`);
    assert.equal((service.spec as { ports: Array<{ targetPort: string }> }).ports[0]?.targetPort, 'grpc');
    assert.equal(envOf(container(manifests, 'jobs'), 'GRPC_PORT').value, '50055', 'the container port stays');
  });

  test('with an existingSecret, jobs and the workers read it', async () => {
    const manifests = await render(await valuesFile({ secrets: { existingSecret: 'fleet-secrets' } }));
    assert.equal(envOf(container(manifests, 'jobs'), 'DATABASE_URL').valueFrom?.secretKeyRef?.name, 'fleet-secrets');
    assert.equal(envOf(workerContainer(manifests, 'cpu'), 'NATS_URL').valueFrom?.secretKeyRef?.name, 'fleet-secrets');
  });
});

describe('shares', () => {
  test('defaults: the shares Deployment and Service, the gateway dials it, its schema is migrated', async () => {
    const manifests = await render();
    assert.equal(find(manifests, 'Deployment', 'shares').metadata.name, 'tp-transcription-shares');
    assert.equal(find(manifests, 'Service', 'shares').metadata.name, 'tp-transcription-shares');
    assert.equal(find(manifests, 'PodDisruptionBudget', 'shares').metadata.name, 'tp-transcription-shares');
    const shares = container(manifests, 'shares');
    assert.deepEqual(envOf(shares, 'DATABASE_URL').valueFrom?.secretKeyRef, { name: 'tp-transcription-secrets', key: 'DATABASE_URL_SHARES' });
    assert.deepEqual(envOf(shares, 'NATS_URL').valueFrom?.secretKeyRef, { name: 'tp-transcription-secrets', key: 'NATS_URL' });
    assert.equal(envOf(shares, 'ARTIFACTS_GRPC_ADDR').value, 'tp-transcription-artifacts:50054');
    assert.equal(envOf(shares, 'MEDIA_GRPC_ADDR').value, 'tp-transcription-media:50052');
    assert.equal(envOf(container(manifests, 'gateway'), 'SHARES_GRPC_ADDR').value, 'tp-transcription-shares:50056');
    const migrations = podTemplate(find(manifests, 'Job', 'migrations')).spec.containers[0];
    assert.ok(migrations);
    assert.deepEqual(envOf(migrations, 'DATABASE_URL_SHARES').valueFrom?.secretKeyRef, { name: 'tp-transcription-secrets', key: 'DATABASE_URL_SHARES' });
    const secret = (byKind(manifests, 'Secret')[0]?.data ?? {}) as Record<string, string>;
    assert.equal(Buffer.from(secret.DATABASE_URL_SHARES ?? '', 'base64').toString(), 'postgresql://transcription@postgresql:5432/transcription?schema=shares');
  });

  test('share links are built from config.publicBaseUrl: the gateway reads it from the ConfigMap', async () => {
    const manifests = await render(await valuesFile({ config: { publicBaseUrl: 'https://share.example.com' } }));
    const ref = envOf(container(manifests, 'gateway'), 'PUBLIC_BASE_URL').valueFrom?.configMapKeyRef;
    assert.ok(ref?.name && ref.key && !ref.optional);
    const configMap = byKind(manifests, 'ConfigMap').find((map) => map.metadata.name === ref.name);
    assert.equal((configMap?.data as Record<string, string> | undefined)?.[ref.key], 'https://share.example.com');
  });

  test('the gateway follows the shares Service port', async () => {
    const manifests = await render(await valuesFile({ shares: { service: { port: 6004 } } }));
    const service = find(manifests, 'Service', 'shares');
    assert.equal(envOf(container(manifests, 'gateway'), 'SHARES_GRPC_ADDR').value, `${service.metadata.name}:6004`);
    assert.equal((service.spec as { ports: Array<{ targetPort: string }> }).ports[0]?.targetPort, 'grpc');
    assert.equal(envOf(container(manifests, 'shares'), 'GRPC_PORT').value, '50056', 'the container port stays');
  });

  test('shares follows the artifacts and media Service ports', async () => {
    const manifests = await render(await valuesFile({ artifacts: { service: { port: 6002 } }, media: { service: { port: 6000 } } }));
    assert.equal(envOf(container(manifests, 'shares'), 'ARTIFACTS_GRPC_ADDR').value, `${find(manifests, 'Service', 'artifacts').metadata.name}:6002`);
    assert.equal(envOf(container(manifests, 'shares'), 'MEDIA_GRPC_ADDR').value, `${find(manifests, 'Service', 'media').metadata.name}:6000`);
  });

  test('with an existingSecret, shares and the migration job read it', async () => {
    const manifests = await render(await valuesFile({ secrets: { existingSecret: 'fleet-secrets' } }));
    assert.deepEqual(envOf(container(manifests, 'shares'), 'DATABASE_URL').valueFrom?.secretKeyRef, { name: 'fleet-secrets', key: 'DATABASE_URL_SHARES' });
    assert.deepEqual(envOf(container(manifests, 'shares'), 'NATS_URL').valueFrom?.secretKeyRef, { name: 'fleet-secrets', key: 'NATS_URL' });
    const migrations = podTemplate(find(manifests, 'Job', 'migrations')).spec.containers[0];
    assert.ok(migrations);
    assert.deepEqual(envOf(migrations, 'DATABASE_URL_SHARES').valueFrom?.secretKeyRef, { name: 'fleet-secrets', key: 'DATABASE_URL_SHARES' });
  });
});

describe('values that change the rendering', () => {
  test('a config change changes the pods checksum; an unrelated change does not', async () => {
    const checksum = async (values: unknown) =>
      podTemplate(find(await render(await valuesFile(values)), 'Deployment', 'gateway')).metadata?.annotations?.['checksum/config'];
    const base = await checksum({ config: { logLevel: 'info' } });
    assert.equal(await checksum({ config: { logLevel: 'info' }, gateway: { replicas: 5 } }), base);
    assert.notEqual(await checksum({ config: { logLevel: 'debug' } }), base);
  });

  test('with an existingSecret the chart renders no Secret and every reference points at it', async () => {
    const manifests = await render(await valuesFile({ secrets: { existingSecret: 'fleet-secrets' } }));
    assert.equal(byKind(manifests, 'Secret').length, 0);
    let references = 0;
    for (const workload of workloads(manifests)) {
      for (const container of containersOf(workload)) {
        for (const variable of container.env ?? []) {
          const ref = variable.valueFrom?.secretKeyRef;
          if (!ref) continue;
          references += 1;
          assert.equal(ref.name, 'fleet-secrets', `${container.name} ${variable.name}`);
        }
      }
      assert.equal(podTemplate(workload).metadata?.annotations?.['checksum/secret'], undefined);
    }
    // accounts 4, billing 2, media 3 + the optional S3 pair, artifacts 1 + the optional S3 pair,
    // gateway 1, jobs 2, shares 2, worker 1 (pool cpu), migrations 6.
    assert.ok(references >= 26, `${references} references`);
  });

  test('S3 credentials: the Secret keys when both are set, none (the pod IAM role) otherwise; artifacts like media', async () => {
    const s3Refs = (manifests: Manifest[], component = 'media') =>
      (container(manifests, component).env ?? []).filter((variable) => variable.name.startsWith('S3_') && variable.valueFrom).map((variable) => [variable.name, variable.valueFrom?.secretKeyRef]);

    const ambient = await render();
    assert.deepEqual(s3Refs(ambient), [], 'no keys: no credential variables at all');
    const ambientSecret = (byKind(ambient, 'Secret')[0]?.data ?? {}) as Record<string, string>;
    assert.ok(!('S3_ACCESS_KEY_ID' in ambientSecret) && !('S3_SECRET_ACCESS_KEY' in ambientSecret));

    const inline = await render(await valuesFile({ secrets: { s3AccessKeyId: 'AKIAEXAMPLE', s3SecretAccessKey: 's3cr3t' } }));
    const secret = byKind(inline, 'Secret')[0];
    assert.ok(secret);
    const data = (secret.data ?? {}) as Record<string, string>;
    assert.equal(Buffer.from(data.S3_ACCESS_KEY_ID ?? '', 'base64').toString(), 'AKIAEXAMPLE');
    assert.equal(Buffer.from(data.S3_SECRET_ACCESS_KEY ?? '', 'base64').toString(), 's3cr3t');
    assert.deepEqual(s3Refs(inline), [
      ['S3_ACCESS_KEY_ID', { name: secret.metadata.name, key: 'S3_ACCESS_KEY_ID' }],
      ['S3_SECRET_ACCESS_KEY', { name: secret.metadata.name, key: 'S3_SECRET_ACCESS_KEY' }],
    ]);

    // An existing Secret may hold the pair or not: optional references, checked against the cluster on install.
    const existing = await render(await valuesFile({ secrets: { existingSecret: 'fleet-secrets' } }));
    assert.deepEqual(s3Refs(existing), [
      ['S3_ACCESS_KEY_ID', { name: 'fleet-secrets', key: 'S3_ACCESS_KEY_ID', optional: true }],
      ['S3_SECRET_ACCESS_KEY', { name: 'fleet-secrets', key: 'S3_SECRET_ACCESS_KEY', optional: true }],
    ]);
    for (const manifests of [ambient, inline, existing]) assert.deepEqual(s3Refs(manifests, 'artifacts'), s3Refs(manifests), 'artifacts authenticates as media does');
    for (const manifest of [...inline, ...existing]) await validateManifest(manifest);
  });

  test('media storage and upload settings reach the container as given', async () => {
    const manifests = await render(
      await valuesFile({
        media: {
          s3: { endpoint: 'http://minio.storage:9000', publicEndpoint: 'https://files.example.com', region: 'eu-west-1', bucket: 'media.test', forcePathStyle: true },
          uploads: { maxBytes: 10737418240, storageQuotaBytes: 1099511627776, verifyConcurrency: 4 },
        },
      }),
    );
    const media = container(manifests, 'media');
    const expected = {
      S3_ENDPOINT: 'http://minio.storage:9000',
      S3_PUBLIC_ENDPOINT: 'https://files.example.com',
      S3_REGION: 'eu-west-1',
      S3_BUCKET: 'media.test',
      S3_FORCE_PATH_STYLE: 'true',
      ...MEDIA_NUMBERS,
      MEDIA_MAX_BYTES: '10737418240',
      STORAGE_QUOTA_BYTES: '1099511627776',
      VERIFY_CONCURRENCY: '4',
    };
    for (const [name, value] of Object.entries(expected)) assert.equal(envOf(media, name).value, value, name);
    // artifacts follows: the same bucket, endpoints and path style, from the same values.
    assert.deepEqual(s3Env(container(manifests, 'artifacts')), s3Env(media));
    assert.equal(envOf(container(manifests, 'artifacts'), 'S3_PUBLIC_ENDPOINT').value, 'https://files.example.com');
  });

  test('artifacts payload limit reaches the container as given, never in exponent form', async () => {
    const manifests = await render(await valuesFile({ artifacts: { maxPayloadBytes: 1073741824 } }));
    assert.equal(envOf(container(manifests, 'artifacts'), 'MAX_PAYLOAD_BYTES').value, '1073741824');
  });

  test('billing plan settings reach the container as given; media.uploads moves both services at once', async () => {
    const manifests = await render(
      await valuesFile({
        billing: { plan: { name: 'pro', maxConcurrentJobs: 16 }, grantExpirySweepMs: 300000 },
        media: { uploads: { maxBytes: 10737418240, storageQuotaBytes: 1099511627776 } },
      }),
    );
    const billing = container(manifests, 'billing');
    const expected = {
      ...BILLING_NUMBERS,
      PLAN_NAME: 'pro',
      PLAN_MAX_CONCURRENT_JOBS: '16',
      GRANT_EXPIRY_SWEEP_MS: '300000',
      STORAGE_QUOTA_BYTES: '1099511627776',
      MAX_UPLOAD_BYTES: '10737418240',
    };
    for (const [name, value] of Object.entries(expected)) assert.equal(envOf(billing, name).value, value, name);
    const media = container(manifests, 'media');
    assert.equal(envOf(media, 'STORAGE_QUOTA_BYTES').value, '1099511627776');
    assert.equal(envOf(media, 'MEDIA_MAX_BYTES').value, '10737418240');
  });

  test('the gateway follows the billing Service port', async () => {
    const manifests = await render(await valuesFile({ billing: { service: { port: 6001 } } }));
    const service = find(manifests, 'Service', 'billing');
    assert.equal(envOf(container(manifests, 'gateway'), 'BILLING_GRPC_ADDR').value, `${service.metadata.name}:6001`);
    assert.equal((service.spec as { ports: Array<{ targetPort: string }> }).ports[0]?.targetPort, 'grpc');
    assert.equal(envOf(container(manifests, 'billing'), 'GRPC_PORT').value, '50053', 'the container port stays');
  });

  test('the gateway follows the artifacts Service port', async () => {
    const manifests = await render(await valuesFile({ artifacts: { service: { port: 6002 } } }));
    const service = find(manifests, 'Service', 'artifacts');
    assert.equal(envOf(container(manifests, 'gateway'), 'ARTIFACTS_GRPC_ADDR').value, `${service.metadata.name}:6002`);
    assert.equal((service.spec as { ports: Array<{ targetPort: string }> }).ports[0]?.targetPort, 'grpc');
    assert.equal(envOf(container(manifests, 'artifacts'), 'GRPC_PORT').value, '50054', 'the container port stays');
  });

  test('the gateway follows the media Service port', async () => {
    const manifests = await render(await valuesFile({ media: { service: { port: 6000 } } }));
    const service = find(manifests, 'Service', 'media');
    assert.equal(envOf(container(manifests, 'gateway'), 'MEDIA_GRPC_ADDR').value, `${service.metadata.name}:6000`);
    assert.equal((service.spec as { ports: Array<{ targetPort: string }> }).ports[0]?.targetPort, 'grpc');
    assert.equal(envOf(container(manifests, 'media'), 'GRPC_PORT').value, '50052', 'the container port stays');
  });

  test('explicit secrets are used as given; empty ones are generated with 48 characters', async () => {
    const key = 'k'.repeat(40);
    const manifests = await render(await valuesFile({ secrets: { adminApiKey: key } }));
    const [secret] = byKind(manifests, 'Secret');
    const data = (secret?.data ?? {}) as Record<string, string>;
    assert.equal(Buffer.from(data.ADMIN_API_KEY ?? '', 'base64').toString(), key);
    assert.equal(Buffer.from(data.SESSION_SIGNING_SECRET ?? '', 'base64').toString().length, 48);
    assert.equal(Buffer.from(data.MEDIA_TOKEN_SECRET ?? '', 'base64').toString().length, 48);
    const token = 't'.repeat(32);
    const pinned = (byKind(await render(await valuesFile({ secrets: { mediaTokenSecret: token } })), 'Secret')[0]?.data ?? {}) as Record<string, string>;
    assert.equal(Buffer.from(pinned.MEDIA_TOKEN_SECRET ?? '', 'base64').toString(), token);
  });

  test('autoscaling hands the gateway replica count to an HPA', async () => {
    const manifests = await render(await valuesFile({ gateway: { autoscaling: { enabled: true, minReplicas: 3, maxReplicas: 9 } } }));
    const deployment = find(manifests, 'Deployment', 'gateway');
    assert.equal((deployment.spec as { replicas?: number }).replicas, undefined);
    const hpa = find(manifests, 'HorizontalPodAutoscaler', 'gateway');
    assert.equal((hpa.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name, deployment.metadata.name);
    for (const manifest of manifests) await validateManifest(manifest);
    const plain = await render();
    assert.equal(byKind(plain, 'HorizontalPodAutoscaler').length, 0);
    assert.equal((find(plain, 'Deployment', 'gateway').spec as { replicas?: number }).replicas, 2);
  });

  test('the ingress routes to the gateway Service port', async () => {
    const manifests = await render(productionValues);
    const ingress = find(manifests, 'Ingress', 'gateway');
    const service = find(manifests, 'Service', 'gateway');
    const rules = (ingress.spec as { rules: Array<{ http: { paths: Array<{ backend: { service: { name: string; port: { name: string } } } }> } }> }).rules;
    const portNames = (service.spec as { ports: Array<{ name: string }> }).ports.map((port) => port.name);
    for (const path of rules.flatMap((rule) => rule.http.paths)) {
      assert.equal(path.backend.service.name, service.metadata.name);
      assert.ok(portNames.includes(path.backend.service.port.name));
    }
  });

  test('the ingress routes the API (/api/) and the share pages (/s/<token>) to the gateway, on the host of config.publicBaseUrl', async () => {
    type Rules = Array<{ host: string; http: { paths: Array<{ path: string; pathType: string; backend: { service: { name: string } } }> } }>;
    // A path reaches a request path when it is a Prefix (or ImplementationSpecific) ancestor of it.
    const routes = (rules: Rules, host: string, requestPath: string) =>
      rules
        .filter((rule) => rule.host === host)
        .flatMap((rule) => rule.http.paths)
        .filter((path) => path.pathType !== 'Exact' && requestPath.startsWith(`${path.path.replace(/\/$/, '')}/`))
        .map((path) => path.backend.service.name);
    for (const files of [[productionValues], [await valuesFile({ gateway: { ingress: { enabled: true } } })]]) {
      const manifests = await render(...files);
      const ingress = find(manifests, 'Ingress', 'gateway');
      const gateway = find(manifests, 'Service', 'gateway').metadata.name;
      const rules = (ingress.spec as { rules: Rules }).rules;
      assert.ok(rules.length > 0);
      for (const { host } of rules) {
        for (const requestPath of ['/api/v1/jobs', '/s/tok_01example']) {
          assert.deepEqual([...new Set(routes(rules, host, requestPath))], [gateway], `${host}${requestPath}`);
        }
      }
    }
    // Share links are <config.publicBaseUrl>/s/<token>: the production example's URL is on its ingress host.
    const production = parse(await readFile(productionValues, 'utf8')) as { config: { publicBaseUrl: string }; gateway: { ingress: { hosts: Array<{ host: string }> } } };
    assert.ok(production.gateway.ingress.hosts.some(({ host }) => host === new URL(production.config.publicBaseUrl).hostname));
  });

  test('images come from the global registry, tag or digest', async () => {
    const digest = `sha256:${'a'.repeat(64)}`;
    const manifests = await render(
      await valuesFile({
        global: { image: { registry: 'reg.example/tp', tag: '1.2.3' } },
        accounts: { image: { digest } },
        billing: { image: { tag: '1.2.5' } },
        media: { image: { tag: '1.2.4' } },
        artifacts: { image: { tag: '1.2.6' } },
        jobs: { image: { tag: '1.2.7' } },
        shares: { image: { tag: '1.2.9' } },
        worker: { image: { tag: '1.2.8' }, pools: { gpu: { enabled: true, image: { repository: 'transcription-worker-cuda' }, models: { existingClaim: 'weights' } } } },
      }),
    );
    const image = (component: string, kind = 'Deployment') => podTemplate(find(manifests, kind, component)).spec.containers[0]?.image;
    assert.equal(image('gateway'), 'reg.example/tp/transcription-gateway:1.2.3');
    assert.equal(image('accounts'), `reg.example/tp/transcription-accounts@${digest}`);
    assert.equal(image('media'), 'reg.example/tp/transcription-media:1.2.4');
    assert.equal(image('billing'), 'reg.example/tp/transcription-billing:1.2.5');
    assert.equal(image('artifacts'), 'reg.example/tp/transcription-artifacts:1.2.6');
    assert.equal(image('jobs'), 'reg.example/tp/transcription-jobs:1.2.7');
    assert.equal(image('shares'), 'reg.example/tp/transcription-shares:1.2.9');
    // A pool's image takes what it leaves out from worker.image.
    const workerImage = (pool: string) => podTemplate(workerDeployment(manifests, pool)).spec.containers[0]?.image;
    assert.equal(workerImage('cpu'), 'reg.example/tp/transcription-worker:1.2.8');
    assert.equal(workerImage('gpu'), 'reg.example/tp/transcription-worker-cuda:1.2.8');
    assert.equal(image('migrations', 'Job'), 'reg.example/tp/transcription-migrations:1.2.3');
  });

  test('disabling a component removes all its objects', async () => {
    const manifests = await render(await valuesFile({ gateway: { enabled: false }, migrations: { enabled: false } }));
    const components = new Set(manifests.map((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component']));
    assert.ok(!components.has('gateway'));
    assert.ok(!components.has('migrations'));
    assert.ok(components.has('accounts'));
    assert.ok(components.has('media'));
    assert.ok(components.has('billing'));
    assert.ok(components.has('artifacts'));

    const withoutMedia = await render(await valuesFile({ media: { enabled: false } }));
    assert.ok(!withoutMedia.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'media'));
    assert.ok(withoutMedia.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'accounts'));
    // billing still takes its quota and upload limit from media.uploads.
    assert.equal(envOf(container(withoutMedia, 'billing'), 'STORAGE_QUOTA_BYTES').value, BILLING_NUMBERS.STORAGE_QUOTA_BYTES);
    // artifacts still takes its storage from media.s3.
    assert.equal(envOf(container(withoutMedia, 'artifacts'), 'S3_BUCKET').value, 'transcription-media');

    const withoutBilling = await render(await valuesFile({ billing: { enabled: false } }));
    assert.ok(!withoutBilling.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'billing'));
    assert.ok(withoutBilling.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'media'));

    const withoutArtifacts = await render(await valuesFile({ artifacts: { enabled: false } }));
    assert.ok(!withoutArtifacts.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'artifacts'));
    assert.ok(withoutArtifacts.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'media'));

    // jobs without workers is refused (no engine to accept, see above); both go together.
    const withoutJobs = await render(await valuesFile({ jobs: { enabled: false }, worker: { enabled: false } }));
    for (const gone of ['jobs', 'worker']) assert.ok(!withoutJobs.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === gone), gone);
    assert.ok(withoutJobs.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'gateway'));
    const urls = (podTemplate(find(withoutJobs, 'Job', 'migrations')).spec.containers[0]?.env ?? []).map((variable) => variable.name);
    assert.ok(urls.includes('DATABASE_URL_JOBS'), 'the jobs schema is still migrated: it holds data');

    const withoutShares = await render(await valuesFile({ shares: { enabled: false } }));
    assert.ok(!withoutShares.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'shares'));
    assert.ok(withoutShares.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'gateway'));
    const shareUrls = (podTemplate(find(withoutShares, 'Job', 'migrations')).spec.containers[0]?.env ?? []).map((variable) => variable.name);
    assert.ok(shareUrls.includes('DATABASE_URL_SHARES'), 'the shares schema is still migrated: it holds data');
  });
});

describe('service Dockerfiles', () => {
  test('share one pattern: identical but for the SERVICE default, which names their folder', async () => {
    const services = await dockerizedServices();
    const normalised = new Set<string>();
    for (const service of services) {
      const text = await readFile(join(repoRoot, 'services', service, 'Dockerfile'), 'utf8');
      const defaults = [...text.matchAll(/^ARG SERVICE=(.*)$/gm)].map((match) => match[1]);
      assert.deepEqual(defaults, [service], `services/${service}/Dockerfile`);
      normalised.add(text.replace(/^ARG SERVICE=.*$/m, 'ARG SERVICE=').replace(/^ARG SERVICE_PACKAGES=.*$/m, 'ARG SERVICE_PACKAGES='));
      // The build selects the workspace package @tp/<SERVICE>.
      const manifest = JSON.parse(await readFile(join(repoRoot, 'services', service, 'package.json'), 'utf8')) as { name: string };
      assert.equal(manifest.name, `@tp/${service}`);
    }
    assert.equal(normalised.size, 1, 'the Dockerfiles differ beyond ARG SERVICE and ARG SERVICE_PACKAGES');
  });

  test('install the OS packages each service runs: ffprobe for media, ffmpeg and the CPU engine for the worker, nothing for the others', async () => {
    const packagesOf = async (service: string) =>
      /^ARG SERVICE_PACKAGES=(.*)$/m
        .exec(await readFile(join(repoRoot, 'services', service, 'Dockerfile'), 'utf8'))?.[1]
        ?.trim()
        .replace(/^"(.*)"$/, '$1')
        .split(/\s+/)
        .filter(Boolean);
    const services = await dockerizedServices();
    for (const service of ['accounts', 'gateway', 'media', 'shares', 'worker']) assert.ok(services.includes(service), service);
    // The only services with OS packages, named here; every other one (billing, jobs, shares, …) installs
    // nothing beyond the base image. The worker decodes with ffmpeg and runs PocketSphinx with its
    // US English model (the GPU engine's weights are mounted, never in the image).
    const packages: Record<string, string[]> = { media: ['ffmpeg'], worker: ['ffmpeg', 'pocketsphinx', 'pocketsphinx-en-us'] };
    for (const service of services) assert.deepEqual(await packagesOf(service), packages[service] ?? [], service);
  });

  test('a default with several OS packages is quoted: an unquoted ARG line would declare one ARG per word', async () => {
    for (const service of await dockerizedServices()) {
      const line = /^ARG SERVICE_PACKAGES=(.*)$/m.exec(await readFile(join(repoRoot, 'services', service, 'Dockerfile'), 'utf8'))?.[1] ?? '';
      if (/\s/.test(line.trim())) assert.match(line.trim(), /^"[^"]+"$/, service);
    }
  });

  test('build the way the platform runs: Node 24 slim, pinned pnpm, codegen, non-root numeric user', async () => {
    const text = await readFile(join(repoRoot, 'services/gateway/Dockerfile'), 'utf8');
    const manifest = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { packageManager: string };
    assert.match(text, /^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
    assert.ok(text.includes(manifest.packageManager), `installs ${manifest.packageManager}`);
    assert.match(text, /pnpm install --frozen-lockfile/);
    assert.match(text, /buf generate proto --template proto\/buf\.gen\.yaml/);
    assert.match(text, /node packages\/db\/src\/cli\.ts generate --all/);
    assert.match(text, /^ENV NODE_ENV=production$/m);
    const users = [...text.matchAll(/^USER (.*)$/gm)].map((match) => match[1]);
    assert.ok(users.length >= 2 && users.every((user) => /^[1-9]\d*:[1-9]\d*$/.test(user ?? '')), `numeric users: ${users.join(', ')}`);
    assert.match(text, /^CMD \["node", "src\/main\.ts"\]$/m);
    // The chart's pods run as the user the image was built for.
    const values = parse(await readFile(join(repoRoot, 'charts/transcription/values.yaml'), 'utf8')) as { podSecurityContext: { runAsUser: number; runAsGroup: number } };
    assert.ok(users.includes(`${values.podSecurityContext.runAsUser}:${values.podSecurityContext.runAsGroup}`));
  });

  test('copy everything pnpm fetch needs before running it', async () => {
    const text = await readFile(join(repoRoot, 'services/gateway/Dockerfile'), 'utf8');
    const beforeFetch = text.slice(0, text.indexOf('RUN pnpm fetch'));
    assert.ok(beforeFetch.length > 0 && beforeFetch.length < text.length);
    const workspace = parse(await readFile(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8')) as { patchedDependencies?: Record<string, string> };
    const needed = ['pnpm-lock.yaml', 'pnpm-workspace.yaml', ...Object.values(workspace.patchedDependencies ?? {}).map((path) => `${path.split('/')[0]}/`)];
    const copied = [...beforeFetch.matchAll(/^COPY (.*)$/gm)].flatMap((match) => (match[1] ?? '').split(/\s+/));
    for (const path of needed) assert.ok(copied.includes(path), `COPY ${path} before pnpm fetch`);
  });

  test('.dockerignore keeps local installs and generated code out of the build context', async () => {
    const ignored = (await readFile(join(repoRoot, '.dockerignore'), 'utf8')).split('\n').map((line) => line.trim());
    for (const pattern of ['**/node_modules', '**/src/generated', '.git', '.tools']) assert.ok(ignored.includes(pattern), pattern);
    for (const needed of ['patches', 'proto', 'packages', 'services', 'pnpm-lock.yaml']) assert.ok(!ignored.includes(needed), needed);
  });
});
