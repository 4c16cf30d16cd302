// The key each service of `make up` signs its gRPC calls with (ADR 0011). A key lives in
// .run/secrets.env as SERVICE_KEY_<NAME>: its PKCS8 DER in base64, one line like every secret
// there; the public keys every service trusts are derived from them. Plain node:crypto: make up
// runs this before node_modules exist.
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';

/** The services of `make up` that hold a key of their own. */
export const KEYED_SERVICES = [
  'accounts',
  'billing',
  'artifacts',
  'media',
  'jobs',
  'worker',
  'shares',
  'webhook-dispatcher',
  'ai-proxy',
  'gateway',
] as const;

/** The secret that holds a service's private key. */
export const serviceKeySecret = (service: string): string => `SERVICE_KEY_${service.toUpperCase().replace(/-/g, '_')}`;

/** A fresh Ed25519 private key, as secrets.env keeps it. */
export function newServiceKey(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
}

const privateKeyOf = (stored: string) =>
  createPrivateKey({ key: Buffer.from(stored, 'base64'), format: 'der', type: 'pkcs8' });

/**
 * SERVICE_PRIVATE_KEY (PKCS8 PEM) of `service` and SERVICE_PUBLIC_KEYS (every keyed service's SPKI
 * PEM), from the stored keys; `secret` answers '' for a key not generated yet (make status, down).
 */
export function serviceKeyEnv(service: string, secret: (name: string) => string): Record<string, string> {
  const own = secret(serviceKeySecret(service));
  if (!own) return {};
  const publicKeys: Record<string, string[]> = {};
  for (const name of KEYED_SERVICES) {
    const stored = secret(serviceKeySecret(name));
    if (stored)
      publicKeys[name] = [createPublicKey(privateKeyOf(stored)).export({ format: 'pem', type: 'spki' }).toString()];
  }
  return {
    SERVICE_PRIVATE_KEY: privateKeyOf(own).export({ format: 'pem', type: 'pkcs8' }).toString(),
    SERVICE_PUBLIC_KEYS: JSON.stringify(publicKeys),
  };
}
