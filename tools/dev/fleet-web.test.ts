// make up's web app server (ADR 0031): its settings, the gateway's WEB_URL to it, no service key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fleet } from './fleet.ts';
import { layout } from './layout.ts';
import { platformFrom } from './platform.ts';
import { PLATFORM_SECRETS } from './test-fixtures.ts';

const dirs = layout('/tmp/tp-platform-test');
const byName = (env: Record<string, string>) =>
  new Map(fleet(platformFrom(env, PLATFORM_SECRETS, dirs)).map((s) => [s.name, s]));

test('the web app server runs before the gateway, which forwards /app to it; the storage origin is in its CSP', () => {
  const services = byName({});
  const names = [...services.keys()];
  assert.equal(names.indexOf('web'), names.indexOf('gateway') - 1);
  const web = services.get('web')!;
  assert.equal(web.entry, 'services/web/src/main.ts');
  assert.equal(web.healthUrl, 'http://127.0.0.1:9111/readyz');
  assert.deepEqual(web.env, {
    HOST: '127.0.0.1',
    PORT: '8090',
    OPS_PORT: '9111',
    WEB_CONNECT_SOURCES: 'http://127.0.0.1:9000',
    LOG_LEVEL: 'info',
  });
  assert.equal(services.get('gateway')!.env.WEB_URL, 'http://127.0.0.1:8090');
});

test('its ports move with WEB_PORT and WEB_OPS_PORT, its CSP with the local S3 port; it has no service key', () => {
  const services = byName({ WEB_PORT: '18090', WEB_OPS_PORT: '19111', S3_PORT: '9100' });
  const web = services.get('web')!;
  assert.equal(web.env.PORT, '18090');
  assert.equal(web.healthUrl, 'http://127.0.0.1:19111/readyz');
  assert.equal(web.env.WEB_CONNECT_SOURCES, 'http://127.0.0.1:9100');
  assert.equal(services.get('gateway')!.env.WEB_URL, 'http://127.0.0.1:18090');
  assert.equal(web.env.SERVICE_PRIVATE_KEY, undefined, 'it calls no service and takes no call');
});
