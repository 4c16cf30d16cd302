// What the NATS tests of the chart share (ADR 0041): the identities on the bus, the Secrets the chart
// renders for them, the provisioning Job, and the services whose code reads a setting.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { BUS_ROLES } from '../../../packages/bus/src/permissions.ts';
import { repoRoot } from '../../../tools/dev/helm.ts';
import type { Manifest } from './manifests.ts';
import { annotations } from './support.ts';

/** The services on the bus: every identity but the provisioner (the worker pools share `worker`). */
export const BUS_SERVICES: string[] = BUS_ROLES.filter((role) => role !== 'provisioner');

/** The provisioning hook Job (its component). */
export const PROVISIONING_JOB = 'bus-provisioning';

/** The NATS credentials Secret the chart renders for a role (release tp). */
export const natsSecretName = (role: string) => `tp-transcription-nats-${role}`;

/** A hook's weight (0 when it has none, as Helm reads it). */
export const hookWeight = (manifest: Manifest) => Number(annotations(manifest)['helm.sh/hook-weight'] ?? 0);

/** The Secrets a pod mounts for one file: the volume named `volume`, and any volume with an entry of `key`. */
export function secretVolumes(spec: IPodSpec, volume: string, key: string): string[] {
  return (spec.volumes ?? [])
    .filter((candidate) => candidate.name === volume || candidate.secret?.items?.some((item) => item.key === key))
    .map((candidate) => candidate.secret?.secretName ?? `${candidate.name} (no Secret)`);
}

/** Every .ts file of a folder and its subfolders, but tests. */
function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => join(dir, name));
}

/** The services whose code (but tests) reads a setting: by its name, or through `through` (a settings helper). */
export function servicesReading(variable: string, through?: string): string[] {
  return readdirSync(join(repoRoot, 'services'))
    .filter((service) =>
      sources(join(repoRoot, 'services', service, 'src')).some((file) => {
        const text = readFileSync(file, 'utf8');
        return text.includes(variable) || (through !== undefined && text.includes(through));
      }),
    )
    .sort();
}
