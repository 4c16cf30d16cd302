// A small certificate authority for the gRPC transport (ADR 0037): a CA and one certificate per
// service, for `make up` and the tests (a cluster gets its certificates from cert-manager or the
// operator). ECDSA P-256 through Node's WebCrypto, X.509 through @peculiar/x509: Node can make keys
// but cannot sign a certificate by itself. A service's identity is its certificate's common name,
// also its first DNS name (what clients check the server against).
import { webcrypto } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

type CryptoKey = webcrypto.CryptoKey;
const { subtle } = webcrypto;
/** Node's WebCrypto, as @peculiar/x509 takes it (its types are the DOM's). */
const crypto = webcrypto as unknown as Parameters<typeof x509.X509CertificateGenerator.create>[1];
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;

/** A certificate and its private key, PEM (the key PKCS8). */
export interface CertificatePem {
  cert: string;
  key: string;
}

export interface IssueOptions {
  /** Further DNS names beside the service name (`localhost`, `media.<namespace>.svc`). */
  dnsNames?: readonly string[];
  /** IP addresses (`127.0.0.1`). */
  ips?: readonly string[];
  /** Validity from now (default 365 days). */
  days?: number;
}

export interface CertificateAuthority extends CertificatePem {
  /** A certificate for `service` (server and client use), signed by this authority. */
  issue(service: string, options?: IssueOptions): Promise<CertificatePem>;
}

const newKeys = () => subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);

async function keyPem(key: CryptoKey): Promise<string> {
  const der = await subtle.exportKey('pkcs8', key);
  return x509.PemConverter.encode(der, 'PRIVATE KEY');
}

const dn = (commonName: string) => `CN=${commonName.replace(/[,+="\\<>;#]/g, '\\$&')}`;

/** A new authority (a self-signed CA certificate that may sign only end-entity certificates). */
export async function createCertificateAuthority(options: {
  name: string;
  days?: number;
}): Promise<CertificateAuthority> {
  const keys = await newKeys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned(
    {
      name: dn(options.name),
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + (options.days ?? 3650) * DAY_MS),
      signingAlgorithm: ALGORITHM,
      keys,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  return authorityOf(cert, keys.privateKey, await keyPem(keys.privateKey));
}

/** The authority of an existing CA certificate and key (to issue a missing service certificate). */
export async function loadCertificateAuthority(pem: CertificatePem): Promise<CertificateAuthority> {
  const cert = new x509.X509Certificate(pem.cert);
  const der = x509.PemConverter.decodeFirst(pem.key);
  const privateKey = await subtle.importKey('pkcs8', der, ALGORITHM, false, ['sign']);
  return authorityOf(cert, privateKey, pem.key);
}

function authorityOf(cert: x509.X509Certificate, signingKey: CryptoKey, key: string): CertificateAuthority {
  return {
    cert: cert.toString('pem'),
    key,
    async issue(service, options = {}) {
      const keys = await newKeys();
      const names: x509.JsonGeneralName[] = [
        ...[service, ...(options.dnsNames ?? [])].map((value) => ({ type: 'dns' as const, value })),
        ...(options.ips ?? []).map((value) => ({ type: 'ip' as const, value })),
      ];
      const issued = await x509.X509CertificateGenerator.create(
        {
          subject: dn(service),
          issuer: cert.subject,
          notBefore: new Date(Date.now() - 60_000),
          notAfter: new Date(Date.now() + (options.days ?? 365) * DAY_MS),
          signingAlgorithm: ALGORITHM,
          publicKey: keys.publicKey,
          signingKey,
          extensions: [
            new x509.BasicConstraintsExtension(false, undefined, true),
            new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
            new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth, x509.ExtendedKeyUsage.clientAuth]),
            new x509.SubjectAlternativeNameExtension(names),
            await x509.AuthorityKeyIdentifierExtension.create(cert, false, crypto),
          ],
        },
        crypto,
      );
      return { cert: issued.toString('pem'), key: await keyPem(keys.privateKey) };
    },
  };
}

/** The certificate, key and CA of one identity in a PKI folder: the entries of a kubernetes.io/tls Secret. */
export const pkiFilesOf = (dir: string, identity: string) => ({
  cert: join(dir, identity, 'tls.crt'),
  key: join(dir, identity, 'tls.key'),
  ca: join(dir, identity, 'ca.crt'),
});

/**
 * Makes what is missing of a PKI folder and keeps the rest: `ca.crt` and `ca.key` (a new CA
 * reissues every identity), and per identity `<name>/tls.crt`, `tls.key`, `ca.crt`. Keys are
 * readable by the owner only. Answers the identities it issued.
 */
export async function ensurePkiFolder(
  dir: string,
  identities: readonly string[],
  options: IssueOptions & { authorityName: string },
): Promise<string[]> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const caFiles = { cert: join(dir, 'ca.crt'), key: join(dir, 'ca.key') };
  const fresh = !existsSync(caFiles.cert) || !existsSync(caFiles.key);
  const authority = fresh
    ? await createCertificateAuthority({ name: options.authorityName })
    : await loadCertificateAuthority({
        cert: readFileSync(caFiles.cert, 'utf8'),
        key: readFileSync(caFiles.key, 'utf8'),
      });
  if (fresh) {
    writeFileSync(caFiles.key, authority.key, { mode: 0o600 });
    writeFileSync(caFiles.cert, authority.cert);
  }
  const issued: string[] = [];
  for (const identity of identities) {
    const files = pkiFilesOf(dir, identity);
    if (!fresh && existsSync(files.cert) && existsSync(files.key) && existsSync(files.ca)) continue;
    const { cert, key } = await authority.issue(identity, options);
    mkdirSync(join(dir, identity), { recursive: true, mode: 0o700 });
    writeFileSync(files.key, key, { mode: 0o600 });
    writeFileSync(files.cert, cert);
    writeFileSync(files.ca, authority.cert);
    issued.push(identity);
  }
  return issued;
}
