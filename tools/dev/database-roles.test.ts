// The database roles of tools/dev are @tp/db's (which make up cannot import before its install):
// the same services, names and password variables.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  MIGRATOR_ROLE as DB_MIGRATOR_ROLE,
  rolePasswordVariable,
  serviceRole as dbServiceRole,
  serviceSchema,
} from '@tp/db';
import { DATABASE_SCHEMAS, MIGRATOR_ROLE, rolePasswordSecret, serviceRole } from './database-roles.ts';
import { repoRoot } from './layout.ts';

test('one role per service that owns a schema (services/<name>/prisma), named and passworded as @tp/db names them', () => {
  const owners = readdirSync(join(repoRoot, 'services')).filter((name) =>
    existsSync(join(repoRoot, 'services', name, 'prisma', 'schema.prisma')),
  );
  assert.deepEqual([...DATABASE_SCHEMAS].sort(), owners.map(serviceSchema).sort());
  for (const service of owners) {
    const role = serviceRole(serviceSchema(service));
    assert.equal(role, dbServiceRole(service));
    assert.equal(rolePasswordSecret(role), rolePasswordVariable(role));
  }
  assert.equal(MIGRATOR_ROLE, DB_MIGRATOR_ROLE);
  assert.equal(rolePasswordSecret('tp_webhook_dispatcher'), 'DATABASE_PASSWORD_WEBHOOK_DISPATCHER');
});
