// The three calls on one Secret the job makes, over the Kubernetes REST API (HTTPS, bearer
// token), and the in-cluster connection a pod's ServiceAccount gives. No client library: three
// requests do not justify one (ADR 0016).
import { request } from 'node:https';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface SecretObject {
  apiVersion: 'v1';
  kind: 'Secret';
  metadata: {
    name: string;
    namespace?: string;
    resourceVersion?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    [field: string]: unknown;
  };
  type?: string;
  data?: Record<string, string>;
}

/** Get, create and replace one namespace's Secrets; `null` for a Secret that does not exist. */
export interface SecretsApi {
  get(name: string): Promise<SecretObject | null>;
  /** Throws a KubeApiError with status 409 when the Secret exists. */
  create(secret: SecretObject): Promise<SecretObject>;
  /** Throws a KubeApiError with status 409 when metadata.resourceVersion is stale. */
  replace(secret: SecretObject): Promise<SecretObject>;
}

export class KubeApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'KubeApiError';
    this.status = status;
  }
}

export interface KubeConnection {
  /** https://host:port of the API server. */
  server: string;
  /** PEM of the CA that signed the API server's certificate. */
  ca: string;
  namespace: string;
  /** Read at every request: a projected token is renewed in place. */
  token(): Promise<string>;
}

export const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

/** The connection of a pod: KUBERNETES_SERVICE_HOST/PORT and the ServiceAccount files in `dir`. */
export async function inClusterConnection(
  env: NodeJS.ProcessEnv = process.env,
  dir = SERVICE_ACCOUNT_DIR,
): Promise<KubeConnection> {
  const host = env.KUBERNETES_SERVICE_HOST;
  if (!host) throw new Error('KUBERNETES_SERVICE_HOST is not set: not running in a pod');
  const port = env.KUBERNETES_SERVICE_PORT || '443';
  const [ca, namespace] = await Promise.all([
    readFile(join(dir, 'ca.crt'), 'utf8'),
    readFile(join(dir, 'namespace'), 'utf8'),
  ]);
  return {
    server: `https://${host.includes(':') ? `[${host}]` : host}:${port}`,
    ca,
    namespace: namespace.trim(),
    token: async () => (await readFile(join(dir, 'token'), 'utf8')).trim(),
  };
}

const TIMEOUT_MS = 30_000;

async function call(connection: KubeConnection, method: string, path: string, body?: unknown): Promise<unknown> {
  const token = await connection.token();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const url = new URL(path, connection.server);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        ca: connection.ca,
        timeout: TIMEOUT_MS,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve(json);
          else {
            const message = (json as { message?: string } | undefined)?.message ?? text.slice(0, 200);
            reject(new KubeApiError(status, `${method} ${url.pathname}: ${status} ${message}`));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url.pathname}: no answer in ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

export function kubeSecretsApi(connection: KubeConnection): SecretsApi {
  const base = `/api/v1/namespaces/${encodeURIComponent(connection.namespace)}/secrets`;
  return {
    async get(name) {
      try {
        return (await call(connection, 'GET', `${base}/${encodeURIComponent(name)}`)) as SecretObject;
      } catch (error) {
        if (error instanceof KubeApiError && error.status === 404) return null;
        throw error;
      }
    },
    async create(secret) {
      return (await call(connection, 'POST', base, secret)) as SecretObject;
    },
    async replace(secret) {
      return (await call(
        connection,
        'PUT',
        `${base}/${encodeURIComponent(secret.metadata.name)}`,
        secret,
      )) as SecretObject;
    },
  };
}
