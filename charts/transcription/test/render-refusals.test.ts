// Values each valid alone that do not fit together: the templates refuse to render them.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BUS_ROLES } from '../../../packages/bus/src/permissions.ts';
import { renderBareRaw, renderRaw, valuesFile } from './manifests.ts';

// [what, values, what helm says].
const INCONSISTENT_VALUES: Array<[string, unknown, RegExp]> = [
  ['no NATS URL and no existing Secret', { secrets: { natsUrl: '' } }, /secrets\.natsUrl is required/],
  [
    'no accounts database URL and no existing Secret',
    { secrets: { databaseUrls: { accounts: '' } } },
    /secrets\.databaseUrls\.accounts is required/,
  ],
  [
    'no media database URL and no existing Secret',
    { secrets: { databaseUrls: { media: '' } } },
    /secrets\.databaseUrls\.media is required/,
  ],
  [
    'no billing database URL and no existing Secret',
    { secrets: { databaseUrls: { billing: '' } } },
    /secrets\.databaseUrls\.billing is required/,
  ],
  [
    'no artifacts database URL and no existing Secret',
    { secrets: { databaseUrls: { artifacts: '' } } },
    /secrets\.databaseUrls\.artifacts is required/,
  ],
  [
    'no migrations database URL',
    { secrets: { databaseUrls: { migrations: '' } } },
    /secrets\.databaseUrls\.migrations is required \(or name a Secret with the key DATABASE_URL in secrets\.databaseSecrets\.migrations\)/,
  ],
  [
    'no media database URL, even with an existing fleet Secret (it holds no database URL)',
    { secrets: { existingSecret: 'fleet-secrets', databaseUrls: { media: '' } } },
    /secrets\.databaseUrls\.media is required/,
  ],
  [
    'an S3 access key id without its secret',
    { secrets: { s3AccessKeyId: 'AKIAEXAMPLE' } },
    /s3AccessKeyId and secrets\.s3SecretAccessKey go together/,
  ],
  [
    'an S3 secret without its access key id',
    { secrets: { s3SecretAccessKey: 'secret' } },
    /s3AccessKeyId and secrets\.s3SecretAccessKey go together/,
  ],
  [
    'an upload URL outliving its session',
    { media: { uploads: { urlTtlSeconds: 7200, sessionTtlSeconds: 3600 } } },
    /urlTtlSeconds must not exceed/,
  ],
  [
    'parts too small for the largest file',
    { media: { uploads: { directUploadPartBytes: 5242880, maxBytes: 107374182400 } } },
    /directUploadPartBytes times 10000/,
  ],
  [
    'maxReplicas below minReplicas',
    { gateway: { autoscaling: { enabled: true, minReplicas: 5, maxReplicas: 2 } } },
    /maxReplicas/,
  ],
  ['an ingress without hosts', { gateway: { ingress: { enabled: true, hosts: [] } } }, /ingress\.hosts/],
  [
    'no jobs database URL and no existing Secret',
    { secrets: { databaseUrls: { jobs: '' } } },
    /secrets\.databaseUrls\.jobs is required/,
  ],
  [
    'no shares database URL and no existing Secret',
    { secrets: { databaseUrls: { shares: '' } } },
    /secrets\.databaseUrls\.shares is required/,
  ],
  ['jobs without a worker', { worker: { enabled: false } }, /jobs needs at least one enabled worker pool/],
  [
    'jobs without an enabled pool',
    { worker: { pools: { cpu: { enabled: false } } } },
    /jobs needs at least one enabled worker pool/,
  ],
  [
    'a whisper pool without weights',
    { worker: { pools: { gpu: { enabled: true } } } },
    /worker\.pools\.gpu runs whisper.*models\.existingClaim/,
  ],
  [
    'a whisper pool serving no model',
    { worker: { pools: { gpu: { enabled: true, models: { existingClaim: 'w', served: [] } } } } },
    /worker\.pools\.gpu runs whisper: list the models it serves in worker\.pools\.gpu\.models\.served/,
  ],
  [
    'whisper models served by a pool that does not run whisper',
    { worker: { pools: { cpu: { models: { served: ['base.en'] } } } } },
    /worker\.pools\.cpu\.models\.served lists whisper models, but the pool does not run whisper \(engines: pocketsphinx\)/,
  ],
  [
    'whisper settings on a pool that does not run whisper',
    { worker: { pools: { cpu: { whisper: { threads: 2 } } } } },
    /worker\.pools\.cpu\.whisper only applies to a pool that runs whisper/,
  ],
  [
    'KEDA without the NATS monitoring endpoint',
    { worker: { pools: { cpu: { autoscaling: { keda: { enabled: true } } } } } },
    /worker\.keda\.natsServerMonitoringEndpoint/,
  ],
  [
    'KEDA maxReplicas below minReplicas',
    {
      worker: {
        keda: { natsServerMonitoringEndpoint: 'nats:8222' },
        pools: { cpu: { autoscaling: { keda: { enabled: true, minReplicas: 5, maxReplicas: 2 } } } },
      },
    },
    /worker\.pools\.cpu\.autoscaling\.keda\.maxReplicas/,
  ],
  [
    'pocketsphinx in the gpu pool (its profiles queue on cpu)',
    {
      worker: {
        pools: { gpu: { enabled: true, engines: ['pocketsphinx', 'whisper'], models: { existingClaim: 'w' } } },
      },
    },
    /worker\.pools\.gpu runs pocketsphinx, but the profile catalog queues pocketsphinx jobs for the pool "cpu"/,
  ],
  [
    'whisper in the cpu pool (its profiles queue on gpu)',
    { worker: { pools: { cpu: { engines: ['whisper'], models: { existingClaim: 'w' } } } } },
    /worker\.pools\.cpu runs whisper, but the profile catalog queues whisper jobs for the pool "gpu"/,
  ],
  [
    'a pool rollout that can neither add nor remove a pod',
    { worker: { pools: { cpu: { rollingUpdate: { maxSurge: 0, maxUnavailable: 0 } } } } },
    /cannot both be 0/,
  ],
  [
    'a key rotation promoted without its id',
    { serviceIdentity: { rotation: { promote: true } } },
    /serviceIdentity\.rotation\.promote needs serviceIdentity\.rotation\.id/,
  ],
  [
    'an immediate key rotation that promotes nothing',
    { serviceIdentity: { rotation: { id: 'r1', immediate: true } } },
    /immediate only applies with serviceIdentity\.rotation\.promote/,
  ],
  [
    'restricted egress with no rule to the databases and the bus',
    { networkPolicy: { egress: { restricted: true } } },
    /networkPolicy\.egress\.restricted needs networkPolicy\.egress\.to/,
  ],
  [
    'cert-manager for the gRPC certificates without an issuer',
    { grpcTls: { certManager: { enabled: true } } },
    /grpcTls\.certManager\.enabled needs grpcTls\.certManager\.issuerRef\.name/,
  ],
  [
    'two services sharing one gRPC certificate Secret',
    { grpcTls: { secretNames: { media: 'fleet-grpc', jobs: 'fleet-grpc' } } },
    /grpcTls\.secretNames: media and jobs share the Secret "fleet-grpc"; each needs its own certificate/,
  ],
  [
    "a service's Secret named like another's default",
    { grpcTls: { secretNames: { media: 'tp-transcription-jobs-tls' } } },
    /grpcTls\.secretNames: media and jobs share the Secret "tp-transcription-jobs-tls"/,
  ],
  [
    'a gRPC certificate Secret for something without an identity (web)',
    { grpcTls: { secretNames: { web: 'web-grpc' } } },
    /grpcTls\.secretNames/,
  ],
];

// Each NATS role without credentials (ADR 0041): neither secrets.natsCredentials.<role> nor a Secret named.
for (const role of BUS_ROLES)
  INCONSISTENT_VALUES.push([
    `no NATS credentials for ${role}`,
    { secrets: { natsCredentials: { [role]: '' } } },
    new RegExp(
      `NATS credentials are missing for ${role}: .*tools/tsctl bus init --out DIR.*secrets\\.natsCredentials\\.<role>.*secrets\\.natsCredentialsSecrets\\.<role>`,
    ),
  ]);

describe('rendering refuses inconsistent values', () => {
  for (const [what, values, message] of INCONSISTENT_VALUES) {
    test(what, async () => {
      const result = await renderRaw(await valuesFile(values));
      assert.notEqual(result.code, 0);
      assert.match(result.stderr, message);
    });
  }
});

test('the bare defaults are refused: no NATS credentials for any role (values.yaml has none to give)', async () => {
  const result = await renderBareRaw();
  assert.notEqual(result.code, 0);
  assert.match(
    result.stderr,
    new RegExp(`NATS credentials are missing for ${BUS_ROLES.join(', ')}: .*docs/runbooks/nats-credentials\\.md`),
  );
});

test("a role's Secret named instead of its inline credentials is enough", async () => {
  const result = await renderRaw(
    await valuesFile({
      secrets: { natsCredentials: { shares: '' }, natsCredentialsSecrets: { shares: 'ops-nats-shares' } },
    }),
  );
  assert.equal(result.code, 0, result.stderr);
});
