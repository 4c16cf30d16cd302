// fleet.ts on the servers, ports and secrets a caller chose (make up's variables): each service
// follows them, and so does every service that calls it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fleet, gatewayUrl } from './fleet.ts';
import { layout } from './layout.ts';
import { platformFrom, serviceDatabaseUrl } from './platform.ts';
import { PLATFORM_SECRETS } from './test-fixtures.ts';

const dirs = layout('/tmp/tp-platform-test');
const secrets = PLATFORM_SECRETS;

const chosenDatabase = (schema: string) =>
  `postgresql://tp_${schema}:pw-${schema}@localhost:55432/other?schema=${schema}`;

/** What each service gets from the platform below: its own ports, and the addresses of those it calls. */
const FOLLOWED: Record<string, { health: string; env: Record<string, string> }> = {
  accounts: { health: 'http://127.0.0.1:9101/readyz', env: { GRPC_PORT: '50061', ADMIN_API_KEY: 'from-caller' } },
  billing: {
    health: 'http://127.0.0.1:9113/readyz',
    // billing checks the operator key accounts checks
    env: {
      GRPC_PORT: '50063',
      OPS_PORT: '9113',
      DATABASE_URL: chosenDatabase('billing'),
      ADMIN_API_KEY: 'from-caller',
    },
  },
  artifacts: {
    health: 'http://127.0.0.1:9114/readyz',
    env: { GRPC_PORT: '50064', DATABASE_URL: chosenDatabase('artifacts'), S3_ENDPOINT: 'http://127.0.0.1:9100' },
  },
  media: {
    health: 'http://127.0.0.1:9112/readyz',
    env: {
      GRPC_PORT: '50062',
      DATABASE_URL: chosenDatabase('media'),
      S3_ENDPOINT: 'http://127.0.0.1:9100',
      MEDIA_TOKEN_SECRET: 'media-from-caller',
    },
  },
  jobs: {
    health: 'http://127.0.0.1:9115/readyz',
    env: {
      GRPC_PORT: '50065',
      DATABASE_URL: chosenDatabase('jobs'),
      BILLING_GRPC_ADDR: '127.0.0.1:50063',
      MEDIA_GRPC_ADDR: '127.0.0.1:50062',
      ARTIFACTS_GRPC_ADDR: '127.0.0.1:50064',
    },
  },
  worker: {
    health: 'http://127.0.0.1:9116/readyz',
    env: {
      JOBS_GRPC_ADDR: '127.0.0.1:50065',
      MEDIA_GRPC_ADDR: '127.0.0.1:50062',
      ARTIFACTS_GRPC_ADDR: '127.0.0.1:50064',
    },
  },
  shares: {
    health: 'http://127.0.0.1:9117/readyz',
    env: { GRPC_PORT: '50066', DATABASE_URL: chosenDatabase('shares'), ARTIFACTS_GRPC_ADDR: '127.0.0.1:50064' },
  },
  'webhook-dispatcher': {
    health: 'http://127.0.0.1:9119/readyz',
    env: { GRPC_PORT: '50067', DATABASE_URL: chosenDatabase('webhook_dispatcher'), JOBS_GRPC_ADDR: '127.0.0.1:50065' },
  },
  gateway: {
    health: 'http://127.0.0.1:8181/readyz',
    env: {
      PORT: '8181',
      OPS_PORT: '9108', // the internal ops port, with the readiness checks
      PUBLIC_BASE_URL: 'http://127.0.0.1:8181',
      ACCOUNTS_GRPC_ADDR: '127.0.0.1:50061',
      MEDIA_GRPC_ADDR: '127.0.0.1:50062',
      BILLING_GRPC_ADDR: '127.0.0.1:50063',
      ARTIFACTS_GRPC_ADDR: '127.0.0.1:50064',
      JOBS_GRPC_ADDR: '127.0.0.1:50065',
      SHARES_GRPC_ADDR: '127.0.0.1:50066',
      WEBHOOKS_GRPC_ADDR: '127.0.0.1:50067',
    },
  },
};

test('the caller chooses servers, ports and secrets; a schema in DATABASE_URL is replaced per service', () => {
  const p = platformFrom(
    {
      DATABASE_URL: 'postgresql://app:pw@localhost:55432/other?schema=whatever',
      NATS_URL: 'nats://127.0.0.1:54222',
      S3_PORT: '9100',
      GATEWAY_PORT: '8181',
      ACCOUNTS_GRPC_PORT: '50061',
      BILLING_GRPC_PORT: '50063',
      BILLING_OPS_PORT: '9113',
      ARTIFACTS_GRPC_PORT: '50064',
      ARTIFACTS_OPS_PORT: '9114',
      MEDIA_GRPC_PORT: '50062',
      MEDIA_OPS_PORT: '9112',
      JOBS_GRPC_PORT: '50065',
      JOBS_OPS_PORT: '9115',
      WORKER_OPS_PORT: '9116',
      SHARES_GRPC_PORT: '50066',
      SHARES_OPS_PORT: '9117',
      WEBHOOK_DISPATCHER_GRPC_PORT: '50067',
      WEBHOOK_DISPATCHER_OPS_PORT: '9119',
      ADMIN_API_KEY: 'from-caller',
      MEDIA_TOKEN_SECRET: 'media-from-caller',
    },
    secrets,
    dirs,
  );
  assert.deepEqual(p.database, { host: '127.0.0.1', port: 55432, user: 'app', name: 'other', own: false });
  assert.equal(serviceDatabaseUrl(p, 'accounts'), chosenDatabase('accounts'));
  assert.deepEqual(p.nats, { host: '127.0.0.1', port: 54222 });
  assert.equal(p.s3.endpoint, 'http://127.0.0.1:9100');
  assert.equal(p.secret('ADMIN_API_KEY'), 'from-caller');
  assert.equal(p.secret('SESSION_SIGNING_SECRET'), secrets.SESSION_SIGNING_SECRET);
  const services = fleet(p);
  for (const [name, followed] of Object.entries(FOLLOWED)) {
    const service = services.find((s) => s.name === name)!;
    const env = Object.fromEntries(Object.keys(followed.env).map((key) => [key, service.env[key]]));
    assert.deepEqual({ health: service.healthUrl, env }, followed, name);
  }
  assert.equal(gatewayUrl(p), 'http://127.0.0.1:8181');
});
