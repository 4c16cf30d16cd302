// A stand-in for the Kubernetes API server in the tests, speaking its protocol for Secrets in one
// namespace: HTTPS with a certificate of its own CA, bearer tokens, resourceVersion conflicts (409),
// Status objects for errors, base64 data checked as the real server does.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { SecretObject } from './kube.ts';

const run = promisify(execFile);

export interface FakeKubeApi {
  server: string;
  /** The PEM of the server's self-signed certificate: the CA a client must trust. */
  ca: string;
  token: string;
  namespace: string;
  secrets: Map<string, SecretObject>;
  /** Method and path of every request, in order. */
  requests: string[];
  /** Called before a write is applied: lets a test change the stored Secret first (a concurrent writer). */
  beforeWrite?: (name: string) => void;
  close(): Promise<void>;
}

function status(res: ServerResponse, code: number, reason: string, message: string): void {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason, message, code }));
}

function reply(res: ServerResponse, code: number, body: unknown): void {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function body(req: IncomingMessage): Promise<SecretObject> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as SecretObject;
}

function invalidData(secret: SecretObject): string | undefined {
  for (const [key, value] of Object.entries(secret.data ?? {})) {
    if (!/^[-._a-zA-Z0-9]+$/.test(key))
      return `data[${key}]: a valid config key must consist of alphanumeric characters`;
    if (Buffer.from(value, 'base64').toString('base64') !== value) return `data[${key}]: illegal base64 data`;
  }
  return undefined;
}

export async function startFakeKubeApi(namespace = 'transcription'): Promise<FakeKubeApi> {
  const dir = await mkdtemp(join(tmpdir(), 'fake-kube-'));
  await run('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
    ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1'],
    ...['-subj', '/CN=kubernetes', '-addext', 'subjectAltName=IP:127.0.0.1'],
  ]);
  const [key, cert] = await Promise.all([readFile(join(dir, 'key.pem')), readFile(join(dir, 'cert.pem'), 'utf8')]);
  await rm(dir, { recursive: true, force: true });
  const token = 'fake-service-account-token';
  let version = 100;
  const api: FakeKubeApi = {
    server: '',
    ca: cert,
    token,
    namespace,
    secrets: new Map(),
    requests: [],
    close: async () => {},
  };
  const base = `/api/v1/namespaces/${namespace}/secrets`;
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    api.requests.push(`${req.method} ${req.url}`);
    if (req.headers.authorization !== `Bearer ${token}`) return status(res, 401, 'Unauthorized', 'Unauthorized');
    const path = req.url ?? '';
    const name = path.startsWith(`${base}/`) ? decodeURIComponent(path.slice(base.length + 1)) : undefined;
    if (req.method === 'GET' && name) {
      const found = api.secrets.get(name);
      return found ? reply(res, 200, found) : status(res, 404, 'NotFound', `secrets "${name}" not found`);
    }
    if (req.method === 'POST' && path === base) {
      const secret = await body(req);
      const invalid = invalidData(secret);
      if (invalid) return status(res, 422, 'Invalid', invalid);
      api.beforeWrite?.(secret.metadata.name);
      if (api.secrets.has(secret.metadata.name))
        return status(res, 409, 'AlreadyExists', `secrets "${secret.metadata.name}" already exists`);
      const stored = { ...secret, metadata: { ...secret.metadata, namespace, resourceVersion: String(++version) } };
      api.secrets.set(secret.metadata.name, stored);
      return reply(res, 201, stored);
    }
    if (req.method === 'PUT' && name) {
      const secret = await body(req);
      const invalid = invalidData(secret);
      if (invalid) return status(res, 422, 'Invalid', invalid);
      api.beforeWrite?.(name);
      const current = api.secrets.get(name);
      if (!current) return status(res, 404, 'NotFound', `secrets "${name}" not found`);
      if (secret.metadata.resourceVersion !== current.metadata.resourceVersion)
        return status(
          res,
          409,
          'Conflict',
          `Operation cannot be fulfilled on secrets "${name}": the object has been modified`,
        );
      const stored = { ...secret, metadata: { ...secret.metadata, namespace, resourceVersion: String(++version) } };
      api.secrets.set(name, stored);
      return reply(res, 200, stored);
    }
    return status(res, 405, 'MethodNotAllowed', `${req.method} ${path}`);
  };
  const server: Server = createServer({ key, cert }, (req, res) => {
    handle(req, res).catch((error: unknown) => status(res, 500, 'InternalError', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.server = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.close = () => new Promise((resolve) => server.close(() => resolve()));
  return api;
}
