// fleet.ts: the services `make up` runs, in start order, with the documented ports and
// environment, each moved by its variable.
import { createPublicKey } from 'node:crypto';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CAPTION_FONT_PACKAGES } from '../../packages/captions/src/style.ts';
import { APERTIUM_MODE_FILES, APERTIUM_OS_PACKAGES } from '../../packages/translation/src/os-packages.ts';
import { fleet } from './fleet.ts';
import { layout } from './layout.ts';
import { platformFrom } from './platform.ts';
import { PLATFORM_SECRETS } from './test-fixtures.ts';
import { fleetForInspection } from './context.ts';

const dirs = layout('/tmp/tp-platform-test');
const secrets = PLATFORM_SECRETS;

/** The environment each service gets with the default settings, in start order. */
const DOCUMENTED_ENV: Array<[string, Record<string, string>]> = [
  [
    'accounts',
    {
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: '50051',
      OPS_PORT: '9101',
      DATABASE_URL: 'postgresql://tp_accounts:pw-accounts@127.0.0.1:5432/transcription?schema=accounts',
      NATS_URL: 'nats://127.0.0.1:4222',
      NATS_CREDENTIALS_FILE: '/tmp/tp-platform-test/nats-auth/accounts.creds',
      SESSION_SIGNING_SECRET: secrets.SESSION_SIGNING_SECRET,
      ADMIN_API_KEY: secrets.ADMIN_API_KEY,
      LOG_LEVEL: 'info',
    },
  ],
  [
    'billing',
    {
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: '50053',
      OPS_PORT: '9103',
      DATABASE_URL: 'postgresql://tp_billing:pw-billing@127.0.0.1:5432/transcription?schema=billing',
      ADMIN_API_KEY: secrets.ADMIN_API_KEY,
      LOG_LEVEL: 'info',
    },
  ],
  [
    'artifacts',
    {
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: '50054',
      OPS_PORT: '9104',
      DATABASE_URL: 'postgresql://tp_artifacts:pw-artifacts@127.0.0.1:5432/transcription?schema=artifacts',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'transcription-media',
      S3_ACCESS_KEY_ID: secrets.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: secrets.S3_SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
      LOG_LEVEL: 'info',
    },
  ],
  [
    'media',
    {
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: '50052',
      OPS_PORT: '9102',
      DATABASE_URL: 'postgresql://tp_media:pw-media@127.0.0.1:5432/transcription?schema=media',
      NATS_URL: 'nats://127.0.0.1:4222',
      NATS_CREDENTIALS_FILE: '/tmp/tp-platform-test/nats-auth/media.creds',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'transcription-media',
      S3_ACCESS_KEY_ID: secrets.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: secrets.S3_SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
      MEDIA_TOKEN_SECRET: secrets.MEDIA_TOKEN_SECRET,
      EGRESS_ALLOW_PRIVATE_TARGETS: 'true',
      LOG_LEVEL: 'info',
    },
  ],
  [
    'jobs',
    {
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: '50055',
      OPS_PORT: '9105',
      DATABASE_URL: 'postgresql://tp_jobs:pw-jobs@127.0.0.1:5432/transcription?schema=jobs',
      NATS_URL: 'nats://127.0.0.1:4222',
      NATS_CREDENTIALS_FILE: '/tmp/tp-platform-test/nats-auth/jobs.creds',
      NATS_WINDOWS_SIGNER_FILE: '/tmp/tp-platform-test/nats-auth/windows-signer.json',
      BILLING_GRPC_ADDR: '127.0.0.1:50053',
      MEDIA_GRPC_ADDR: '127.0.0.1:50052',
      ARTIFACTS_GRPC_ADDR: '127.0.0.1:50054',
      ENGINES: 'pocketsphinx',
      LOG_LEVEL: 'info',
    },
  ],
  [
    'worker',
    {
      OPS_PORT: '9106',
      NATS_URL: 'nats://127.0.0.1:4222',
      NATS_CREDENTIALS_FILE: '/tmp/tp-platform-test/nats-auth/worker.creds',
      JOBS_GRPC_ADDR: '127.0.0.1:50055',
      MEDIA_GRPC_ADDR: '127.0.0.1:50052',
      ARTIFACTS_GRPC_ADDR: '127.0.0.1:50054',
      WORKER_POOL: 'cpu',
      WORKER_ENGINES: 'pocketsphinx',
      LOG_LEVEL: 'info',
    },
  ],
  [
    'shares',
    {
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: '50056',
      OPS_PORT: '9107',
      DATABASE_URL: 'postgresql://tp_shares:pw-shares@127.0.0.1:5432/transcription?schema=shares',
      NATS_URL: 'nats://127.0.0.1:4222',
      NATS_CREDENTIALS_FILE: '/tmp/tp-platform-test/nats-auth/shares.creds',
      ACCOUNTS_GRPC_ADDR: '127.0.0.1:50051',
      ARTIFACTS_GRPC_ADDR: '127.0.0.1:50054',
      MEDIA_GRPC_ADDR: '127.0.0.1:50052',
      LOG_LEVEL: 'info',
    },
  ],
  [
    'webhook-dispatcher',
    {
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: '50057',
      OPS_PORT: '9109',
      DATABASE_URL:
        'postgresql://tp_webhook_dispatcher:pw-webhook_dispatcher@127.0.0.1:5432/transcription?schema=webhook_dispatcher',
      NATS_URL: 'nats://127.0.0.1:4222',
      NATS_CREDENTIALS_FILE: '/tmp/tp-platform-test/nats-auth/webhook-dispatcher.creds',
      JOBS_GRPC_ADDR: '127.0.0.1:50055',
      WEBHOOK_SECRETS_KEY: secrets.WEBHOOK_SECRETS_KEY,
      EGRESS_ALLOW_PRIVATE_TARGETS: 'true',
      LOG_LEVEL: 'info',
    },
  ],
  [
    'gateway',
    {
      HOST: '127.0.0.1',
      PORT: '8080',
      OPS_PORT: '9108',
      ACCOUNTS_GRPC_ADDR: '127.0.0.1:50051',
      MEDIA_GRPC_ADDR: '127.0.0.1:50052',
      BILLING_GRPC_ADDR: '127.0.0.1:50053',
      ARTIFACTS_GRPC_ADDR: '127.0.0.1:50054',
      JOBS_GRPC_ADDR: '127.0.0.1:50055',
      SHARES_GRPC_ADDR: '127.0.0.1:50056',
      WEBHOOKS_GRPC_ADDR: '127.0.0.1:50057',
      AI_PROXY_GRPC_ADDR: '127.0.0.1:50058',
      EGRESS_ALLOW_PRIVATE_TARGETS: 'true',
      NATS_URL: 'nats://127.0.0.1:4222',
      NATS_CREDENTIALS_FILE: '/tmp/tp-platform-test/nats-auth/gateway.creds',
      PUBLIC_BASE_URL: 'http://127.0.0.1:8080',
      WEB_URL: 'http://127.0.0.1:8090',
      LOG_LEVEL: 'info',
    },
  ],
];

test('the fleet: accounts, billing, artifacts, media, jobs, worker, shares, webhook-dispatcher, ai-proxy, web, then gateway, with the documented environment', () => {
  const services = fleet(platformFrom({}, secrets, dirs));
  assert.deepEqual(
    services.map((s) => [s.name, s.entry, s.healthUrl]),
    [
      ['accounts', 'services/accounts/src/main.ts', 'http://127.0.0.1:9101/readyz'],
      ['billing', 'services/billing/src/main.ts', 'http://127.0.0.1:9103/readyz'],
      ['artifacts', 'services/artifacts/src/main.ts', 'http://127.0.0.1:9104/readyz'],
      ['media', 'services/media/src/main.ts', 'http://127.0.0.1:9102/readyz'],
      ['jobs', 'services/jobs/src/main.ts', 'http://127.0.0.1:9105/readyz'],
      ['worker', 'services/worker/src/main.ts', 'http://127.0.0.1:9106/readyz'],
      ['shares', 'services/shares/src/main.ts', 'http://127.0.0.1:9107/readyz'],
      ['webhook-dispatcher', 'services/webhook-dispatcher/src/main.ts', 'http://127.0.0.1:9109/readyz'],
      ['ai-proxy', 'services/ai-proxy/src/main.ts', 'http://127.0.0.1:9110/readyz'],
      ['web', 'services/web/src/main.ts', 'http://127.0.0.1:9111/readyz'],
      ['gateway', 'services/gateway/src/main.ts', 'http://127.0.0.1:8080/readyz'],
    ],
  );
  // The service keys and certificates have tests of their own.
  const withoutKeys = (env: Record<string, string>) =>
    Object.fromEntries(Object.entries(env).filter(([name]) => !/^(SERVICE_|GRPC_TLS_)/.test(name)));
  for (const [name, env] of DOCUMENTED_ENV)
    assert.deepEqual(withoutKeys(services.find((s) => s.name === name)!.env), env, name);
  const storage = (env: Record<string, string>) =>
    Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('S3_')));
  assert.deepEqual(storage(services[2]!.env), storage(services[3]!.env), 'artifacts and media share the local bucket');
  assert.deepEqual(
    services[5]!.osNeeds?.flatMap((n) => n.packages),
    ['pocketsphinx', 'pocketsphinx-en-us', ...APERTIUM_OS_PACKAGES, ...CAPTION_FONT_PACKAGES],
    'make up installs the CPU engine, apertium with its pairs and the caption fonts',
  );
  assert.deepEqual(services[5]!.osNeeds?.at(-2)?.files, APERTIUM_MODE_FILES, 'checked by their mode files');
});

test('every service that serves or calls gRPC gets its own certificate from .run/pki, and the CA (ADR 0037)', () => {
  const services = fleet(platformFrom({}, secrets, dirs)).filter((s) => s.name !== 'web');
  for (const service of services)
    assert.deepEqual(
      Object.fromEntries(Object.entries(service.env).filter(([name]) => name.startsWith('GRPC_TLS_'))),
      {
        GRPC_TLS_CA_FILE: join(dirs.pkiDir, service.name, 'ca.crt'),
        GRPC_TLS_CERT_FILE: join(dirs.pkiDir, service.name, 'tls.crt'),
        GRPC_TLS_KEY_FILE: join(dirs.pkiDir, service.name, 'tls.key'),
      },
      service.name,
    );
  assert.equal(fleet(platformFrom({}, secrets, dirs)).find((s) => s.name === 'web')!.env.GRPC_TLS_CERT_FILE, undefined);
});

test('every service on the bus gets its own NATS credentials from .run/nats-auth (ADR 0041)', () => {
  const onBus = fleet(platformFrom({}, secrets, dirs)).filter((s) => s.env.NATS_URL);
  assert.deepEqual(
    onBus.map((s) => s.name),
    ['accounts', 'media', 'jobs', 'worker', 'shares', 'webhook-dispatcher', 'gateway'],
  );
  for (const service of onBus)
    assert.equal(service.env.NATS_CREDENTIALS_FILE, join(dirs.natsAuthDir, `${service.name}.creds`), service.name);
});

test('every service gets its own private key and the public keys of all, from .run/secrets.env', () => {
  // The web app's server calls no service and takes no call: it has no key (fleet-web.test.ts).
  const services = fleet(platformFrom({}, secrets, dirs)).filter((s) => s.name !== 'web');
  const publicPem = (privatePem: string) =>
    createPublicKey(privatePem).export({ format: 'pem', type: 'spki' }).toString();
  const own = Object.fromEntries(services.map((s) => [s.name, publicPem(s.env.SERVICE_PRIVATE_KEY!)]));
  assert.equal(new Set(Object.values(own)).size, services.length, 'one key per service');
  for (const service of services) {
    assert.match(service.env.SERVICE_PRIVATE_KEY!, /^-----BEGIN PRIVATE KEY-----\n/, service.name);
    const trusted = JSON.parse(service.env.SERVICE_PUBLIC_KEYS!) as Record<string, string[]>;
    assert.deepEqual(
      trusted,
      Object.fromEntries(Object.entries(own).map(([name, key]) => [name, [key]])),
      `${service.name} trusts every service's key`,
    );
  }
  const withoutGateway = Object.fromEntries(Object.entries(secrets).filter(([name]) => name !== 'SERVICE_KEY_GATEWAY'));
  const inspected = fleetForInspection(platformFrom({}, withoutGateway, dirs));
  assert.equal(
    inspected.find((s) => s.name === 'gateway')!.env.SERVICE_PRIVATE_KEY,
    undefined,
    'make status before make up',
  );
});
