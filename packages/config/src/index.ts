import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { importPrivateKey, importPublicKey } from '@tp/identity';
import { z } from 'zod';

export { z };

export class ConfigError extends Error {
  readonly problems: { variable: string; message: string }[];

  constructor(problems: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * Parses the environment once against a schema whose keys are the variable names.
 * Every bad or missing variable is reported at once, by name.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  // Empty strings count as unset, as in most deployment tools.
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => ({
      variable: String(issue.path[0] ?? '(root)'),
      message: issue.code === 'invalid_type' && issue.input === undefined ? 'is required but not set' : issue.message,
    })),
  );
}

/** Building blocks for service configuration schemas. */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  host: (fallback = '127.0.0.1') => z.string().min(1).default(fallback),
  url: () => z.url(),
  postgresUrl: () => z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgresql:// URL'),
  natsUrl: (fallback = 'nats://127.0.0.1:4222') =>
    z
      .string()
      .regex(/^(nats|tls):\/\//, 'must be a nats:// URL')
      .default(fallback),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  secret: (minLength = 32) => z.string().min(minLength, `must be at least ${minLength} characters`),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  milliseconds: (fallback: number) => z.coerce.number().int().min(0).default(fallback),
  /** A comma-separated list: its distinct items, trimmed, empty ones left out. */
  list: (fallback = '') =>
    z
      .string()
      .default(fallback)
      .transform((raw) => [
        ...new Set(
          raw
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean),
        ),
      ]),
  /** host:port of a gRPC peer. */
  address: (fallback: string) =>
    z
      .string()
      .regex(/^[^\s:]+:\d{1,5}$/, 'must be host:port')
      .default(fallback),
};

/** The settings every service has: log level, trace export, how long a graceful stop may take. */
export const runtimeSettings = () => ({
  LOG_LEVEL: env.logLevel(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  SHUTDOWN_TIMEOUT_MS: env.milliseconds(10_000),
});

/**
 * Where NATS is, the service's credentials there (a `.creds` file: its user JWT and seed, ADR 0041),
 * and the prefix that isolates subjects and streams (tests; empty in production).
 */
export const natsSettings = () => ({
  NATS_URL: env.natsUrl(),
  NATS_CREDENTIALS_FILE: z.string().min(1).optional(),
  NATS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,32}$/)
    .default(''),
});

/** The gRPC server and the ops server (/healthz, /readyz) of a backend, with its default ports. */
export const serverSettings = (ports: { grpc: number; ops: number }) => ({
  GRPC_HOST: env.host('127.0.0.1'),
  GRPC_PORT: env.port(ports.grpc),
  ...opsSettings(ports.ops),
});

/** The ops server alone (a service without a gRPC server: the worker). */
export const opsSettings = (port: number) => ({
  OPS_HOST: env.host('127.0.0.1'),
  OPS_PORT: env.port(port),
  ...httpSettings(),
});

/** Defaults of `httpSettings` (milliseconds): an ops port's; the gateway's are longer. */
export interface HttpSettingDefaults {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  idleTimeoutMs: number;
}

const OPS_HTTP_DEFAULTS: HttpSettingDefaults = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 30_000,
};

/**
 * How long an HTTP server waits for a client, so a slow or idle one cannot hold a connection:
 * the request headers (HTTP_HEADERS_TIMEOUT_MS) and the whole request (HTTP_REQUEST_TIMEOUT_MS,
 * 0 = no limit) are answered 408 when late, an idle kept-alive connection is closed after
 * HTTP_KEEP_ALIVE_TIMEOUT_MS, and any socket without a byte either way for HTTP_IDLE_TIMEOUT_MS.
 */
export const httpSettings = (defaults: HttpSettingDefaults = OPS_HTTP_DEFAULTS) => {
  const ms = (fallback: number, min: number) => z.coerce.number().int().min(min).max(86_400_000).default(fallback);
  return {
    HTTP_HEADERS_TIMEOUT_MS: ms(defaults.headersTimeoutMs, 100),
    HTTP_REQUEST_TIMEOUT_MS: ms(defaults.requestTimeoutMs, 0),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: ms(defaults.keepAliveTimeoutMs, 100),
    HTTP_IDLE_TIMEOUT_MS: ms(defaults.idleTimeoutMs, 100),
  };
};

/** Whether `check` accepts the value, for a zod refinement. */
const accepts = (check: (value: string) => unknown) => (value: string) => {
  try {
    check(value);
    return true;
  } catch {
    return false;
  }
};

/** A service that calls others signs each call with its own key (ADR 0011). */
export const signingKeySettings = () => ({
  SERVICE_PRIVATE_KEY: z
    .string()
    .refine(accepts(importPrivateKey), 'must be an Ed25519 private key in PKCS8 PEM (-----BEGIN PRIVATE KEY-----)'),
});

const SERVICE_NAME = /^[a-z][a-z0-9-]{0,62}$/;

const publicKeyList = z
  .array(z.string().refine(accepts(importPublicKey), 'must be an Ed25519 public key in SPKI PEM'))
  .min(1, 'lists at least one key');

/**
 * A service that serves gRPC trusts the keys of its callers (ADR 0011): a JSON object, service
 * name → its public keys (SPKI PEM), the current one first; the previous one stays listed during a
 * rotation.
 */
export const trustedKeySettings = () => ({
  SERVICE_PUBLIC_KEYS: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object: service name → array of public keys' });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .record(z.string(), publicKeyList)
        // Any service name: keys of a service no allow-list names are harmless (one being added, say).
        .refine((keys) => Object.keys(keys).every((name) => SERVICE_NAME.test(name)), 'a key is not a service name'),
    ),
});

/**
 * Requests to URLs a user gave (webhooks, remote files) go only to public addresses (`@tp/egress`), unless
 * EGRESS_ALLOW_PRIVATE_TARGETS admits private ones: for local use and test fleets, never a production default.
 */
export const egressSettings = () => ({
  EGRESS_ALLOW_PRIVATE_TARGETS: env.bool(false),
});

/** A PEM file: its bytes, read at start, checked to parse as `what` (a certificate, a private key). */
const pemFile = (what: 'certificate' | 'private key') =>
  z.string().transform((path, ctx) => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? err}` });
      return z.NEVER;
    }
    if (!accepts(() => (what === 'certificate' ? new X509Certificate(bytes) : createPrivateKey(bytes)))(''))
      ctx.addIssue({ code: 'custom', message: `${path} is not a PEM ${what}` });
    return bytes;
  });

/**
 * Every service that serves or calls gRPC does it over mutual TLS (ADR 0037): its certificate and
 * key, and the CA of the fleet, as PEM files (a kubernetes.io/tls Secret mounted as a volume: tls.crt,
 * tls.key, ca.crt). Read once at start; `grpcTlsOf` checks that they belong together.
 */
export const grpcTlsSettings = () => ({
  GRPC_TLS_CA_FILE: pemFile('certificate'),
  GRPC_TLS_CERT_FILE: pemFile('certificate'),
  GRPC_TLS_KEY_FILE: pemFile('private key'),
});

/** What `grpcTlsSettings` read, as @tp/grpc takes it. */
export interface GrpcTlsFiles {
  GRPC_TLS_CA_FILE: Buffer;
  GRPC_TLS_CERT_FILE: Buffer;
  GRPC_TLS_KEY_FILE: Buffer;
}

/**
 * The TLS material of a service, checked: the key is the certificate's and the CA issued the
 * certificate; otherwise a ConfigError names the variable, as at start.
 */
export function grpcTlsOf(config: GrpcTlsFiles): { ca: Buffer; cert: Buffer; key: Buffer } {
  const cert = new X509Certificate(config.GRPC_TLS_CERT_FILE);
  const ca = new X509Certificate(config.GRPC_TLS_CA_FILE);
  if (!cert.checkPrivateKey(createPrivateKey(config.GRPC_TLS_KEY_FILE)))
    throw new ConfigError([{ variable: 'GRPC_TLS_KEY_FILE', message: 'is not the key of GRPC_TLS_CERT_FILE' }]);
  if (!cert.checkIssued(ca) || !cert.verify(ca.publicKey))
    throw new ConfigError([{ variable: 'GRPC_TLS_CERT_FILE', message: 'is not issued by GRPC_TLS_CA_FILE' }]);
  return { ca: config.GRPC_TLS_CA_FILE, cert: config.GRPC_TLS_CERT_FILE, key: config.GRPC_TLS_KEY_FILE };
}
