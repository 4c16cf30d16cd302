// One run of the job: read the Secret, bring its key set to what the chart asks, write it back
// when something changed. A write that lost a race (409) reads again and retries.
import { readFile, writeFile } from 'node:fs/promises';
import { generateEd25519 } from './keys.ts';
import { type GenerateKeyPair, type KeySetRequest, reconcile } from './keyset.ts';
import { KubeApiError, type SecretObject, type SecretsApi } from './kube.ts';
import { decodeSecretData, encodeSecretData, withGeneratedEntries } from './secret.ts';

export interface SyncOptions {
  /** The Secret's name. */
  name: string;
  /** Labels set on the Secret (kept with any others it has). */
  labels: Record<string, string>;
  request: KeySetRequest;
  now?: () => Date;
  generate?: GenerateKeyPair;
  attempts?: number;
}

export interface SyncResult {
  /** created, updated, or unchanged (nothing to do). */
  outcome: 'created' | 'updated' | 'unchanged';
  events: string[];
}

function sameData(a: Record<string, string> | undefined, b: Record<string, string>): boolean {
  const keys = Object.keys(b);
  return Object.keys(a ?? {}).length === keys.length && keys.every((key) => a?.[key] === b[key]);
}

function nextSecret(
  name: string,
  existing: SecretObject | null,
  labels: Record<string, string>,
  data: Record<string, string>,
): SecretObject {
  if (existing && (existing.type ?? 'Opaque') !== 'Opaque')
    throw new Error(`Secret ${name} has type ${existing.type}, not Opaque: refusing to overwrite it`);
  // managedFields belong to the API server's bookkeeping; resourceVersion stays (a stale one is a 409).
  const { managedFields: _managed, ...metadata } = existing?.metadata ?? { name };
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { ...metadata, labels: { ...(existing?.metadata.labels ?? {}), ...labels } },
    type: 'Opaque',
    data,
  };
}

export async function syncServiceKeys(api: SecretsApi, options: SyncOptions): Promise<SyncResult> {
  const now = options.now ?? (() => new Date());
  const generate = options.generate ?? generateEd25519;
  const attempts = options.attempts ?? 5;
  for (let attempt = 1; ; attempt += 1) {
    const existing = await api.get(options.name);
    const at = now();
    const { set, events } = reconcile(decodeSecretData(existing?.data, at), options.request, generate, at);
    const data = withGeneratedEntries(encodeSecretData(set, at), existing?.data, events);
    const labelled = Object.entries(options.labels).every(([key, value]) => existing?.metadata.labels?.[key] === value);
    if (existing && labelled && sameData(existing.data, data)) return { outcome: 'unchanged', events };
    const secret = nextSecret(options.name, existing, options.labels, data);
    try {
      if (existing) await api.replace(secret);
      else await api.create(secret);
      return { outcome: existing ? 'updated' : 'created', events };
    } catch (error) {
      if (!(error instanceof KubeApiError && error.status === 409) || attempt >= attempts) throw error;
    }
  }
}

/**
 * A Secret kept as a manifest file (JSON) instead of in the cluster: the same key set rules for a
 * Secret managed outside the chart (serviceIdentity.existingSecret), applied with kubectl.
 */
export function fileSecretsApi(path: string): SecretsApi {
  const read = async (): Promise<SecretObject | null> => {
    try {
      return JSON.parse(await readFile(path, 'utf8')) as SecretObject;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  const write = async (secret: SecretObject): Promise<SecretObject> => {
    await writeFile(path, `${JSON.stringify(secret, null, 2)}\n`, { mode: 0o600 });
    return secret;
  };
  return {
    get: async (name) => {
      const secret = await read();
      if (secret && secret.metadata?.name !== name)
        throw new Error(`${path} holds the Secret ${secret.metadata?.name}, not ${name}`);
      return secret;
    },
    create: async (secret) => {
      if (await read()) throw new KubeApiError(409, `${path} exists`);
      return write(secret);
    },
    replace: write,
  };
}
