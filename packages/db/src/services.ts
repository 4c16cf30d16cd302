import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { MigrationError } from './errors.ts';
import { schemaFileOf } from './migrations-dir.ts';

/** The PostgreSQL schema a service owns: its name, with `-` made `_` (`ai-proxy` → `ai_proxy`). */
export function serviceSchema(service: string): string {
  return service.replaceAll('-', '_');
}

/** The local development URL of a service's schema. */
export function defaultDatabaseUrl(service: string): string {
  return `postgresql://postgres@127.0.0.1:5432/transcription?schema=${serviceSchema(service)}`;
}

/** Services under `<root>/services` that own data (have `prisma/schema.prisma`), by name. */
export function servicesWithSchema(root: string): string[] {
  const dir = path.join(root, 'services');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(schemaFileOf(path.join(dir, entry.name))))
    .map((entry) => entry.name)
    .sort();
}

const SERVICE_NAME = /^[a-z][a-z0-9-]*$/;

/** `<root>/services/<service>`, after checking the service exists and owns a Prisma schema. */
export function serviceDirOf(root: string, service: string): string {
  if (!SERVICE_NAME.test(service))
    throw new MigrationError('invalid_input', `"${service}" is not a service name (lowercase letters, digits, dashes)`);
  const dir = path.join(root, 'services', service);
  if (!existsSync(schemaFileOf(dir))) {
    const known = servicesWithSchema(root);
    throw new MigrationError(
      'invalid_input',
      `unknown service "${service}": there is no services/${service}/prisma/schema.prisma (services with a schema: ${known.join(', ') || 'none'})`,
    );
  }
  return dir;
}
