// helm lint --strict: the values schema accepts the defaults and the production example, and
// refuses what would deploy something broken.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { lint, lintBare, productionValues, valuesFile } from './manifests.ts';

// Values the schema refuses: [what, values, what helm says].
const INVALID_VALUES: Array<[string, unknown, RegExp]> = [
  ['a misspelt key', { gateway: { replcas: 3 } }, /replcas/],
  ['an unknown top-level key', { gatway: { enabled: true } }, /gatway/],
  ['a negative replica count', { accounts: { replicas: -1 } }, /accounts\.replicas/],
  ['a negative media replica count', { media: { replicas: -1 } }, /media\.replicas/],
  ['a negative billing replica count', { billing: { replicas: -1 } }, /billing\.replicas/],
  ['a negative artifacts replica count', { artifacts: { replicas: -1 } }, /artifacts\.replicas/],
  ['a short admin API key', { secrets: { adminApiKey: 'too-short' } }, /adminApiKey/],
  ['a short media token secret', { secrets: { mediaTokenSecret: 'too-short' } }, /mediaTokenSecret/],
  [
    'a database URL that is not PostgreSQL',
    { secrets: { databaseUrls: { accounts: 'mysql://db/x' } } },
    /databaseUrls\.accounts/,
  ],
  [
    'a media database URL that is not PostgreSQL',
    { secrets: { databaseUrls: { media: 'mysql://db/x' } } },
    /databaseUrls\.media/,
  ],
  [
    'a billing database URL that is not PostgreSQL',
    { secrets: { databaseUrls: { billing: 'mysql://db/x' } } },
    /databaseUrls\.billing/,
  ],
  [
    'an artifacts database URL that is not PostgreSQL',
    { secrets: { databaseUrls: { artifacts: 'mysql://db/x' } } },
    /databaseUrls\.artifacts/,
  ],
  [
    'a storage block of artifacts (its storage is media.s3)',
    { artifacts: { s3: { bucket: 'other-bucket' } } },
    /Additional property s3 is not allowed/,
  ],
  ['an artifacts payload limit below 1 KiB', { artifacts: { maxPayloadBytes: 512 } }, /maxPayloadBytes/],
  ['a fractional artifacts payload limit', { artifacts: { maxPayloadBytes: 1.5 } }, /maxPayloadBytes/],
  ['an artifacts payload limit above 1 GiB', { artifacts: { maxPayloadBytes: 2 ** 30 + 1 } }, /maxPayloadBytes/],
  ['artifacts resources without limits', { artifacts: { resources: { limits: null } } }, /limits/],
  ['an unknown billing plan key', { billing: { plan: { maxJobs: 4 } } }, /maxJobs/],
  [
    'a billing storage quota of its own (it is media.uploads.storageQuotaBytes)',
    { billing: { storageQuotaBytes: 1 } },
    /storageQuotaBytes/,
  ],
  ['a plan name with spaces', { billing: { plan: { name: 'Team Plus' } } }, /billing\.plan\.name/],
  ['a plan without concurrent jobs', { billing: { plan: { maxConcurrentJobs: 0 } } }, /maxConcurrentJobs/],
  ['a fractional grant expiry sweep', { billing: { grantExpirySweepMs: 1500.5 } }, /grantExpirySweepMs/],
  ['a grant expiry sweep below a second', { billing: { grantExpirySweepMs: 10 } }, /grantExpirySweepMs/],
  ['billing resources without limits', { billing: { resources: { limits: null } } }, /limits/],
  ['an unknown media storage key', { media: { s3: { pathStyle: true } } }, /pathStyle/],
  ['a storage endpoint without scheme', { media: { s3: { endpoint: 'minio:9000' } } }, /media\.s3\.endpoint/],
  [
    'a public storage endpoint without scheme',
    { media: { s3: { publicEndpoint: 'files.example.com' } } },
    /media\.s3\.publicEndpoint/,
  ],
  ['an invalid bucket name', { media: { s3: { bucket: 'Media_Bucket' } } }, /media\.s3\.bucket/],
  ['a path style that is not a boolean', { media: { s3: { forcePathStyle: 'sometimes' } } }, /forcePathStyle/],
  [
    'a direct upload part below the S3 minimum',
    { media: { uploads: { directUploadPartBytes: 1024 } } },
    /directUploadPartBytes/,
  ],
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
  [
    'a jobs database URL that is not PostgreSQL',
    { secrets: { databaseUrls: { jobs: 'mysql://db/x' } } },
    /databaseUrls\.jobs/,
  ],
  [
    'engines set on jobs (they are derived from the worker pools)',
    { jobs: { engines: 'whisper' } },
    /Additional property engines is not allowed/,
  ],
  ['jobs resources without limits', { jobs: { resources: { limits: null } } }, /limits/],
  ['a negative shares replica count', { shares: { replicas: -1 } }, /shares\.replicas/],
  [
    'a shares database URL that is not PostgreSQL',
    { secrets: { databaseUrls: { shares: 'mysql://db/x' } } },
    /databaseUrls\.shares/,
  ],
  [
    'an unknown shares key',
    { shares: { publicBaseUrl: 'https://x.example' } },
    /Additional property publicBaseUrl is not allowed/,
  ],
  ['shares resources without limits', { shares: { resources: { limits: null } } }, /limits/],
  ['an unknown worker key', { worker: { replicas: 2 } }, /Additional property replicas is not allowed/],
  [
    'an unknown worker pool key',
    { worker: { pools: { cpu: { gpus: 1 } } } },
    /Additional property gpus is not allowed/,
  ],
  [
    'an engine the catalog does not know',
    { worker: { pools: { cpu: { engines: ['vosk'] } } } },
    /worker\.pools\.cpu\.engines\.0 must be one of the following/,
  ],
  ['a pool without engines', { worker: { pools: { cpu: { engines: [] } } } }, /worker\.pools\.cpu\.engines/],
  [
    'an engine listed twice',
    { worker: { pools: { cpu: { engines: ['pocketsphinx', 'pocketsphinx'] } } } },
    /worker\.pools\.cpu\.engines/,
  ],
  [
    'a pool the profile catalog does not know (no profile queues work for it)',
    { worker: { pools: { large: { enabled: false } } } },
    /"large"/,
  ],
  ['a pool without concurrency', { worker: { pools: { cpu: { concurrency: 0 } } } }, /worker\.pools\.cpu\.concurrency/],
  ['a pool without resource limits', { worker: { pools: { cpu: { resources: { limits: null } } } } }, /limits/],
  [
    'a new pool that leaves out its engines and resources',
    { worker: { pools: { big: { enabled: true, replicas: 1, concurrency: 1 } } } },
    /engines is required/,
  ],
  [
    'a models claim that is no Kubernetes name',
    { worker: { pools: { gpu: { models: { existingClaim: 'Whisper Models' } } } } },
    /existingClaim/,
  ],
  [
    'a served model the profile catalog does not know',
    { worker: { pools: { gpu: { models: { served: ['tiny.en'] } } } } },
    /worker\.pools\.gpu\.models\.served\.0 must be one of the following/,
  ],
  [
    'a model served twice',
    { worker: { pools: { gpu: { models: { served: ['small.en', 'small.en'] } } } } },
    /worker\.pools\.gpu\.models\.served/,
  ],
  ['no whisper thread', { worker: { pools: { gpu: { whisper: { threads: 0 } } } } }, /whisper\.threads/],
  ['a GPU switch that is no boolean', { worker: { pools: { gpu: { whisper: { useGpu: 'sometimes' } } } } }, /useGpu/],
  [
    'an unknown whisper setting',
    { worker: { pools: { gpu: { whisper: { model: 'small.en' } } } } },
    /Additional property model is not allowed/,
  ],
  ['a relative models mount path', { worker: { pools: { gpu: { models: { mountPath: 'models' } } } } }, /mountPath/],
  [
    'an unknown KEDA key',
    { worker: { pools: { cpu: { autoscaling: { keda: { enabled: true, maxReplicaCount: 3 } } } } } },
    /maxReplicaCount/,
  ],
  [
    'a negative KEDA minimum',
    { worker: { pools: { cpu: { autoscaling: { keda: { enabled: true, minReplicas: -1 } } } } } },
    /minReplicas/,
  ],
  [
    'a NATS monitoring endpoint with a scheme',
    { worker: { keda: { natsServerMonitoringEndpoint: 'http://nats:8222' } } },
    /natsServerMonitoringEndpoint/,
  ],
  ['an ack wait shorter than three progress beats', { worker: { work: { ackWaitMs: 2000 } } }, /ackWaitMs/],
  ['no delivery at all', { worker: { work: { maxDeliver: 0 } } }, /maxDeliver/],
  [
    'a worker grace period too short to hand a job back',
    { worker: { terminationGracePeriodSeconds: 1 } },
    /terminationGracePeriodSeconds/,
  ],
  ['a key rotation id with spaces', { serviceIdentity: { rotation: { id: 'next week' } } }, /rotation\.id/],
  ['retired keys dropped within minutes', { serviceIdentity: { retiredKeyTtlSeconds: 60 } }, /retiredKeyTtlSeconds/],
  ['a key Job without limits', { serviceIdentity: { job: { resources: { limits: null } } } }, /limits/],
  ['an unknown service identity key', { serviceIdentity: { rotate: 'r1' } }, /rotate/],
  [
    'a gateway peer that is no NetworkPolicyPeer',
    { networkPolicy: { gateway: { from: [{ namespace: 'ingress-nginx' }] } } },
    /namespace/,
  ],
  ['an ops peer without a selector', { networkPolicy: { ops: { from: [{}] } } }, /ops\.from/],
  ['an egress rule with an unknown field', { networkPolicy: { egress: { to: [{ cidr: '10.0.0.0/8' }] } } }, /cidr/],
  ['no DNS peer for restricted egress', { networkPolicy: { egress: { dns: [] } } }, /dns/],
  [
    'NATS credentials that are no .creds file (a seed alone)',
    { secrets: { natsCredentials: { media: 'SUAEXAMPLESEED' } } },
    /natsCredentials\.media/,
  ],
  [
    'NATS credentials for a service not on the bus',
    { secrets: { natsCredentials: { billing: '' } } },
    /Additional property billing is not allowed/,
  ],
  [
    'a NATS credentials Secret that is no Kubernetes name',
    { secrets: { natsCredentialsSecrets: { jobs: 'Jobs Creds' } } },
    /natsCredentialsSecrets\.jobs/,
  ],
  [
    'a windows signer that is no windows-signer.json (a seed alone)',
    { secrets: { natsWindowsSigner: 'SAAEXAMPLESEED' } },
    /natsWindowsSigner/,
  ],
  ['a windows signer without its seed', { secrets: { natsWindowsSigner: '{"account":"AAAA"}' } }, /natsWindowsSigner/],
  [
    'a windows signer Secret that is no Kubernetes name',
    { secrets: { natsWindowsSignerSecret: 'Windows Signer' } },
    /natsWindowsSignerSecret/,
  ],
  ['no rate-limit window to provision for', { bus: { rateLimitMaxWindowSeconds: 0 } }, /rateLimitMaxWindowSeconds/],
  ['a fractional rate-limit window', { bus: { rateLimitMaxWindowSeconds: 1.5 } }, /rateLimitMaxWindowSeconds/],
  ['a provisioning Job without limits', { bus: { provisioning: { resources: { limits: null } } } }, /limits/],
  ['an unknown bus key', { bus: { streams: ['EVENTS'] } }, /Additional property streams is not allowed/],
];

describe('helm lint --strict', () => {
  test('passes with the default values (and the test NATS credentials)', async () => {
    const result = await lint();
    assert.equal(result.code, 0, result.stdout + result.stderr);
  });

  test('passes with the production example', async () => {
    const result = await lint(productionValues);
    assert.equal(result.code, 0, result.stdout + result.stderr);
  });

  test("passes with the production example alone: it names a NATS credentials Secret for every role and the windows signer's", async () => {
    const result = await lintBare(productionValues);
    assert.equal(result.code, 0, result.stdout + result.stderr);
  });

  for (const [what, values, message] of INVALID_VALUES) {
    test(`refuses ${what}`, async () => {
      const result = await lint(await valuesFile(values));
      assert.notEqual(result.code, 0, `accepted ${JSON.stringify(values)}`);
      assert.match(result.stdout + result.stderr, message);
    });
  }
});
