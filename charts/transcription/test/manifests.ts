// Offline tooling for the chart tests: run the real helm binary, parse what it renders and
// validate every object against the Kubernetes OpenAPI schemas shipped by kubernetes-models.
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments, stringify } from 'yaml';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { ensureHelm, repoRoot } from '../../../tools/dev/helm.ts';

export const chartDir = resolve(repoRoot, 'charts/transcription');
export const productionValues = join(chartDir, 'values-production.example.yaml');
/**
 * Credentials for every NATS role (secrets.natsCredentials, ADR 0041), signed by nobody. The chart
 * refuses to render without them and values.yaml has none to give (an operator's come from
 * `tsctl bus init`), so lint, render and renderRaw start from this file; a test takes a role's away
 * with '', and the *Bare functions leave the file out.
 */
export const natsCredentialsValues = join(chartDir, 'test/fixtures/nats-credentials.yaml');

// @kubernetes-models/apimachinery is not a direct dependency; reach its ObjectMeta through a model.
type IObjectMeta = NonNullable<IDeployment['metadata']>;

export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: IObjectMeta & { name: string };
  spec?: Record<string, unknown>;
  [field: string]: unknown;
};

export type HelmResult = { code: number; stdout: string; stderr: string };

const run = promisify(execFile);

export async function helm(args: string[]): Promise<HelmResult> {
  const binary = await ensureHelm();
  try {
    const { stdout, stderr } = await run(binary, args, {
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, HELM_NAMESPACE: 'transcription' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
}

/** Writes values to a temporary file and returns its path (helm takes values as files). */
export async function valuesFile(values: unknown): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'chart-values-'));
  const file = join(dir, 'values.yaml');
  await writeFile(file, stringify(values));
  return file;
}

const valuesArgs = (valueFiles: string[]) => valueFiles.flatMap((file) => ['-f', file]);

/** helm lint --strict with the test NATS credentials, then the given values files. */
export async function lint(...valueFiles: string[]): Promise<HelmResult> {
  return lintBare(natsCredentialsValues, ...valueFiles);
}

/** helm lint --strict with the given values files alone. */
export async function lintBare(...valueFiles: string[]): Promise<HelmResult> {
  return helm(['lint', '--strict', chartDir, ...valuesArgs(valueFiles)]);
}

/** helm template with the test NATS credentials, then the given values files. */
export async function renderRaw(...valueFiles: string[]): Promise<HelmResult> {
  return renderBareRaw(natsCredentialsValues, ...valueFiles);
}

/** helm template with the given values files alone. */
export async function renderBareRaw(...valueFiles: string[]): Promise<HelmResult> {
  return helm(['template', 'tp', chartDir, ...valuesArgs(valueFiles)]);
}

/** helm template with the given values files; throws with helm's message when it refuses. */
export async function render(...valueFiles: string[]): Promise<Manifest[]> {
  const result = await renderRaw(...valueFiles);
  if (result.code !== 0) throw new Error(`helm template failed:\n${result.stderr}`);
  return parseManifests(result.stdout);
}

export function parseManifests(text: string): Manifest[] {
  const manifests: Manifest[] = [];
  for (const document of parseAllDocuments(text)) {
    if (document.errors.length > 0) throw new Error(`unparsable YAML: ${document.errors[0]?.message}`);
    const object: unknown = document.toJS();
    if (object === null || object === undefined) continue; // empty document (a template that rendered nothing)
    const manifest = object as Manifest;
    if (
      typeof manifest.apiVersion !== 'string' ||
      typeof manifest.kind !== 'string' ||
      typeof manifest.metadata?.name !== 'string'
    ) {
      throw new Error(
        `rendered document without apiVersion/kind/metadata.name: ${JSON.stringify(object).slice(0, 200)}`,
      );
    }
    manifests.push(manifest);
  }
  return manifests;
}

/** Custom resources the chart renders, by apiVersion: the package of their models (Prometheus Operator's, cert-manager's). */
const MODEL_PACKAGES: Readonly<Record<string, string>> = {
  'monitoring.coreos.com/v1': '@kubernetes-models/prometheus-operator',
  'cert-manager.io/v1': '@kubernetes-models/cert-manager',
};

type ModelClass = new (data: unknown) => { validate(): void };

/**
 * Validates one object with the kubernetes-models class of its apiVersion/kind
 * (kubernetes-models/<group>/<version> exports one class per kind). An apiVersion or kind it
 * does not know is an error: the chart must not emit objects nobody checked.
 */
export async function validateManifest(manifest: Manifest): Promise<void> {
  const where = `${manifest.kind} ${manifest.metadata.name} (${manifest.apiVersion})`;
  let models: Record<string, unknown>;
  try {
    models = (await import(
      `${MODEL_PACKAGES[manifest.apiVersion] ?? 'kubernetes-models'}/${manifest.apiVersion}`
    )) as Record<string, unknown>;
  } catch {
    throw new Error(`unknown apiVersion: ${where}`);
  }
  const Model = models[manifest.kind] as ModelClass | undefined;
  if (typeof Model !== 'function') throw new Error(`unknown kind: ${where}`);
  try {
    new Model(manifest).validate();
  } catch (error) {
    throw new Error(`${where} is invalid: ${(error as Error).message}`);
  }
}

export function byKind(manifests: Manifest[], kind: string): Manifest[] {
  return manifests.filter((manifest) => manifest.kind === kind);
}

export function find(manifests: Manifest[], kind: string, component: string): Manifest {
  const found = manifests.find(
    (manifest) => manifest.kind === kind && manifest.metadata.labels?.['app.kubernetes.io/component'] === component,
  );
  if (!found) throw new Error(`no ${kind} for component ${component}`);
  return found;
}

/** Pod template of a Deployment or a Job. */
export function podTemplate(manifest: Manifest): { metadata?: IObjectMeta; spec: IPodSpec } {
  const template = (manifest.spec as { template?: { metadata?: IObjectMeta; spec?: IPodSpec } } | undefined)?.template;
  if (!template?.spec) throw new Error(`${manifest.kind} ${manifest.metadata.name} has no pod template`);
  return { metadata: template.metadata, spec: template.spec };
}

export function workloads(manifests: Manifest[]): Manifest[] {
  return manifests.filter((manifest) => ['Deployment', 'Job', 'StatefulSet', 'DaemonSet'].includes(manifest.kind));
}
