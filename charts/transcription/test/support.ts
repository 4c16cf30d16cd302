// What the chart tests read out of rendered manifests, and the two value sets every rendering
// rule is checked against (the defaults and the production example).
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IEnvVar } from 'kubernetes-models/v1/EnvVar';
import { repoRoot } from '../../../tools/dev/helm.ts';
import { IMAGES } from '../../../tools/dev/images.ts';
import { byKind, find, podTemplate, productionValues, render, type Manifest } from './manifests.ts';

export type RenderedCheck = (manifests: Manifest[]) => void | Promise<void>;

/**
 * Registers each check as a test of the chart rendered with the default values and again with
 * the production example: every rule holds for both.
 */
export function testRendered(checks: Record<string, RenderedCheck>): void {
  for (const [name, files] of [
    ['default values', [] as string[]],
    ['production example', [productionValues]],
  ] as const) {
    describe(`rendered with the ${name}`, () => {
      let manifests: Manifest[] = [];
      before(async () => {
        manifests = await render(...files);
      });
      for (const [what, check] of Object.entries(checks)) test(what, () => check(manifests));
    });
  }
}

/** The one Dockerfile at the repository root. */
export async function dockerfile(): Promise<string> {
  return readFile(join(repoRoot, 'Dockerfile'), 'utf8');
}

/** The Dockerfile's stages by name: the lines from each FROM to the next. */
export function stages(text: string): Map<string, string> {
  const found = new Map<string, string>();
  const parts = text.split(/^(?=FROM )/m).slice(1);
  for (const part of parts) {
    const name = /^FROM \S+ AS (\S+)$/m.exec(part)?.[1];
    if (name) found.set(name, part);
  }
  return found;
}

export function stage(text: string, name: string): string {
  const found = stages(text).get(name);
  if (!found) throw new Error(`the Dockerfile has no stage ${name}`);
  return found;
}

/** The services with an image of their own (tools/dev/images.ts), sorted, each once (the worker has two). */
export function imagedServices(): string[] {
  return [...new Set(IMAGES.flatMap((build) => (build.service ? [build.service] : [])))].sort();
}

/** The services that serve HTTP only (no gRPC, no service identity): the web app's server. */
export const HTTP_ONLY_SERVICES = ['web'];

/** The services with an image that sign and check service tokens (ADR 0011): a key each. */
export function identityServices(): string[] {
  return imagedServices().filter((service) => !HTTP_ONLY_SERVICES.includes(service));
}

/** The services with an image whose folder is in this checkout (all of them: a test checks it). */
export function presentServices(): string[] {
  return imagedServices().filter((service) => existsSync(join(repoRoot, 'services', service, 'package.json')));
}

export function containersOf(manifest: Manifest): IContainer[] {
  const { spec } = podTemplate(manifest);
  return [...(spec.initContainers ?? []), ...spec.containers];
}

export function envOf(container: IContainer, name: string): IEnvVar {
  const entry = container.env?.find((variable) => variable.name === name);
  if (!entry) throw new Error(`container ${container.name} has no env ${name}`);
  return entry;
}

export function annotations(manifest: Manifest): Record<string, string> {
  return (manifest.metadata.annotations ?? {}) as Record<string, string>;
}

export function container(manifests: Manifest[], component: string): IContainer {
  const found = podTemplate(find(manifests, 'Deployment', component)).spec.containers.find(
    (candidate) => candidate.name === component,
  );
  if (!found) throw new Error(`no ${component} container`);
  return found;
}

/** The label that tells the objects of one worker pool from another's. */
export const POOL_LABEL = 'transcription/worker-pool';

/** The Deployment of one worker pool. */
export function workerDeployment(manifests: Manifest[], pool: string): Manifest {
  const found = byKind(manifests, 'Deployment').find(
    (manifest) =>
      manifest.metadata.labels?.['app.kubernetes.io/component'] === 'worker' &&
      manifest.metadata.labels?.[POOL_LABEL] === pool,
  );
  if (!found) throw new Error(`no worker Deployment for pool ${pool}`);
  return found;
}

export function workerContainer(manifests: Manifest[], pool: string): IContainer {
  const found = podTemplate(workerDeployment(manifests, pool)).spec.containers.find(
    (candidate) => candidate.name === 'worker',
  );
  if (!found) throw new Error(`no worker container in pool ${pool}`);
  return found;
}

/** The pools that have a worker Deployment, sorted. */
export function workerPools(manifests: Manifest[]): string[] {
  return byKind(manifests, 'Deployment')
    .filter((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'worker')
    .map((manifest) => manifest.metadata.labels?.[POOL_LABEL] ?? '')
    .sort();
}

/** The variables of a service's identity, read from the service key Secret (identity.test.ts). */
export const IDENTITY_ENV = ['SERVICE_PRIVATE_KEY', 'SERVICE_PUBLIC_KEYS'];

/** A container's variables but its identity: what it reads from the fleet Secret and the ConfigMap. */
export function fleetEnv(container: IContainer): IEnvVar[] {
  return (container.env ?? []).filter((variable) => !IDENTITY_ENV.includes(variable.name));
}

/** The fleet Secret keys a container reads, sorted (the identity keys are checked in identity.test.ts). */
export function secretKeysOf(container: IContainer): string[] {
  return fleetEnv(container)
    .map((variable) => variable.valueFrom?.secretKeyRef?.key)
    .filter((key): key is string => Boolean(key))
    .sort();
}

/** The object storage variables of a container (S3_*), values and Secret references alike, in order. */
export function s3Env(container: IContainer): IEnvVar[] {
  return (container.env ?? []).filter((variable) => variable.name.startsWith('S3_'));
}

/** A Kubernetes quantity in bytes (the binary and decimal suffixes the chart uses). */
export function bytes(quantity: string | number | undefined): number {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|k|M|G)?$/.exec(String(quantity ?? ''));
  if (!match) throw new Error(`unsupported quantity ${String(quantity)}`);
  const unit = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, k: 1e3, M: 1e6, G: 1e9 }[match[2] ?? ''] ?? 1;
  return Number(match[1]) * unit;
}

// The settings media reads as plain values, with the chart defaults (values.yaml media.uploads).
export const MEDIA_NUMBERS = {
  UPLOAD_URL_TTL_SECONDS: '900',
  UPLOAD_SESSION_TTL_SECONDS: '3600',
  MEDIA_MAX_BYTES: '5368709120',
  STORAGE_QUOTA_BYTES: '53687091200',
  COMPLETE_WAIT_MS: '3000',
  VERIFY_CONCURRENCY: '2',
  VERIFY_TIMEOUT_MS: '60000',
  DIRECT_UPLOAD_PART_BYTES: '8388608',
  MEDIA_FORM_MAX_BYTES: '104857600',
  MEDIA_IMPORT_MAX_BYTES: '104857600',
  MEDIA_IMPORT_TIMEOUT_MS: '120000',
};

// The plan billing reads as plain values, with the chart defaults (values.yaml billing and, for the
// storage quota and upload limit, media.uploads: one value for both services).
export const BILLING_NUMBERS = {
  PLAN_NAME: 'standard',
  PLAN_MAX_CONCURRENT_JOBS: '4',
  STORAGE_QUOTA_BYTES: '53687091200',
  MAX_UPLOAD_BYTES: '5368709120',
  GRANT_EXPIRY_SWEEP_MS: '60000',
};

/**
 * A data-owning service reads DATABASE_URL from a Secret of its own (ADR 0036): key DATABASE_URL of
 * `<anything>-db-<component>` (or the Secret secrets.databaseSecrets names), never inline, never the
 * fleet Secret. Returns the Secret's name.
 */
export function ownDatabaseSecret(container: IContainer, component: string, fleetSecret?: string): string {
  const url = envOf(container, 'DATABASE_URL');
  assert.equal(url.value, undefined, 'DATABASE_URL is never inline');
  const ref = url.valueFrom?.secretKeyRef;
  assert.equal(ref?.key, 'DATABASE_URL');
  assert.equal(ref?.optional, undefined);
  assert.match(ref?.name ?? '', new RegExp(`-db-${component}$`), `${component} has a database Secret of its own`);
  if (fleetSecret) assert.notEqual(ref?.name, fleetSecret);
  return ref!.name;
}
