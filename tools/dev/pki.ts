// The certificates of `make up` (ADR 0037): a local CA and one certificate per service, and one for
// tools/tsctl, in .run/pki (`ca.crt`, `ca.key`, and `<name>/tls.crt`, `tls.key`, `ca.crt`: the
// entries of the kubernetes.io/tls Secrets the chart mounts). Made once and kept, like secrets.env;
// a missing one is added. Each names its service (common name, DNS name) and `localhost` and
// 127.0.0.1, where make up's services listen.
import { join } from 'node:path';
import type { Layout } from './layout.ts';
import type { Platform } from './platform.ts';
import { KEYED_SERVICES } from './service-keys.ts';

/** Who holds a certificate: every service that serves or calls gRPC, and the operator's CLI. */
export const PKI_IDENTITIES = [...KEYED_SERVICES, 'tsctl'] as const;

/** GRPC_TLS_CA_FILE, GRPC_TLS_CERT_FILE and GRPC_TLS_KEY_FILE of a service (paths; made by `ensurePki`). */
export function grpcTlsEnv(service: string, p: Platform): Record<string, string> {
  const dir = join(p.pkiDir, service);
  return {
    GRPC_TLS_CA_FILE: join(dir, 'ca.crt'),
    GRPC_TLS_CERT_FILE: join(dir, 'tls.crt'),
    GRPC_TLS_KEY_FILE: join(dir, 'tls.key'),
  };
}

/** Makes the CA and the certificates that are missing (needs node_modules: make up runs it after the install). */
export async function ensurePki(dirs: Layout, log: (line: string) => void): Promise<void> {
  const { ensurePkiFolder } = await import('@tp/identity/certificates');
  const issued = await ensurePkiFolder(dirs.pkiDir, PKI_IDENTITIES, {
    authorityName: 'transcription local CA',
    dnsNames: ['localhost'],
    ips: ['127.0.0.1'],
  });
  if (issued.length) log(`gRPC certificates for ${issued.join(', ')} in ${dirs.pkiDir}`);
}
