// What the tools/dev tests share: made-up secrets, a state folder of their own, a silent log.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureLayout, layout } from './layout.ts';
import { DATABASE_SECRET_GENERATORS } from './database-roles.ts';
import { KEYED_SERVICES, newServiceKey, serviceKeySecret } from './service-keys.ts';
import type { Layout } from './layout.ts';

export const quiet = (): void => {};

/** The S3 key pair our own local S3 gets in the infrastructure tests. */
export const S3_TEST_KEYS = {
  S3_ACCESS_KEY_ID: 'TPLOCALTESTKEY',
  S3_SECRET_ACCESS_KEY: 'infra-test-secret-0123456789',
};

/** What .run/secrets.env would hold, made up. */
export const PLATFORM_SECRETS = {
  SESSION_SIGNING_SECRET: 's'.repeat(64),
  ADMIN_API_KEY: 'tp_admin_x',
  MEDIA_TOKEN_SECRET: 'm'.repeat(64),
  WEBHOOK_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
  S3_ACCESS_KEY_ID: 'TPLOCALKEY',
  S3_SECRET_ACCESS_KEY: 'secret',
  ...Object.fromEntries(KEYED_SERVICES.map((service) => [serviceKeySecret(service), newServiceKey()])),
  // The database's: POSTGRES_PASSWORD=pw-postgres, DATABASE_PASSWORD_MEDIA=pw-media, …
  ...Object.fromEntries(Object.keys(DATABASE_SECRET_GENERATORS).map((name) => [name, fixedPassword(name)])),
};

function fixedPassword(secret: string): string {
  return `pw-${secret === 'POSTGRES_PASSWORD' ? 'postgres' : secret.replace('DATABASE_PASSWORD_', '').toLowerCase()}`;
}

/** A layout in a new temporary folder, created; the caller removes it. */
export function tempLayout(): Layout {
  const dirs = layout(mkdtempSync(join(tmpdir(), 'tp-infra-')));
  ensureLayout(dirs);
  return dirs;
}
