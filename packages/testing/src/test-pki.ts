// The certificates of tests (ADR 0037): one CA and one certificate per service (and `tsctl`, the
// operator's), shared by every service, fleet and client a test starts. Making them costs about a
// second (ECDSA keys and X.509 signatures in WebCrypto), too much for every test process, so they
// are made once per machine and user into a folder under the temp dir (a child process does it, so
// this stays synchronous) and reused until a month before they expire. TP_TEST_PKI_DIR moves it.
import { createHash } from 'node:crypto';
import { X509Certificate } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GrpcTls } from '@tp/grpc';
import { SERVICE_NAMES, type ServiceName } from '@tp/identity';

/** Who holds a test certificate: every service, and the operator's CLI (`tsctl`). */
export type TlsIdentity = ServiceName | 'tsctl';
export const TLS_IDENTITIES: readonly TlsIdentity[] = [...SERVICE_NAMES, 'tsctl'];

export interface TlsEnv {
  GRPC_TLS_CA_FILE: string;
  GRPC_TLS_CERT_FILE: string;
  GRPC_TLS_KEY_FILE: string;
}

export interface TestPki {
  /** The folder: ca.crt, and <identity>/tls.crt, tls.key, ca.crt. */
  dir: string;
  /** GRPC_TLS_* of an identity, as a service's environment carries them. */
  env(identity: TlsIdentity): TlsEnv;
  /** An identity's certificate, key and CA, as @tp/grpc takes them. */
  tls(identity: TlsIdentity): GrpcTls;
}

const RENEW_BEFORE_MS = 30 * 86_400_000;
const MAKER = fileURLToPath(new URL('./make-test-pki.ts', import.meta.url));

/** The folder of this identity list (a new service gets a new folder, never a half-changed one). */
function defaultDir(): string {
  const version = createHash('sha256').update(TLS_IDENTITIES.join(',')).digest('hex').slice(0, 8);
  return join(tmpdir(), `tp-test-pki-${userInfo().uid}-${version}`);
}

/** Whether a folder holds every identity, valid for a month yet. */
export const usableTestPki = (dir: string): boolean => {
  const last = join(dir, TLS_IDENTITIES.at(-1)!, 'tls.crt');
  if (!existsSync(last)) return false;
  return Date.parse(new X509Certificate(readFileSync(last)).validTo) - Date.now() > RENEW_BEFORE_MS;
};

let shared: TestPki | undefined;

/** The test certificates, made on first use on this machine. */
export function testPki(): TestPki {
  if (shared) return shared;
  const dir = process.env.TP_TEST_PKI_DIR || defaultDir();
  if (!usableTestPki(dir)) execFileSync(process.execPath, [MAKER, dir, ...TLS_IDENTITIES], { stdio: 'inherit' });
  const cache = new Map<TlsIdentity, GrpcTls>();
  const env = (identity: TlsIdentity): TlsEnv => ({
    GRPC_TLS_CA_FILE: join(dir, identity, 'ca.crt'),
    GRPC_TLS_CERT_FILE: join(dir, identity, 'tls.crt'),
    GRPC_TLS_KEY_FILE: join(dir, identity, 'tls.key'),
  });
  shared = {
    dir,
    env,
    tls(identity) {
      let tls = cache.get(identity);
      if (!tls) {
        const files = env(identity);
        tls = {
          ca: readFileSync(files.GRPC_TLS_CA_FILE),
          cert: readFileSync(files.GRPC_TLS_CERT_FILE),
          key: readFileSync(files.GRPC_TLS_KEY_FILE),
        };
        cache.set(identity, tls);
      }
      return tls;
    },
  };
  return shared;
}

/** The client options of an operator (tsctl) calling `service`'s operator API: its certificate, the server it expects. */
export const asOperator = (service: ServiceName): { tls: GrpcTls; serverName: ServiceName } => ({
  tls: testPki().tls('tsctl'),
  serverName: service,
});
