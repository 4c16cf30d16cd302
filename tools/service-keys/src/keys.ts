// Ed25519 key pairs in the formats the services read: the private key as PKCS8 PEM
// (SERVICE_PRIVATE_KEY), the public key as SPKI PEM (SERVICE_PUBLIC_KEYS). The services' own key
// code (@tp/identity) makes and reads them, so the tool and the services cannot disagree.
import { createPublicKey } from 'node:crypto';
import { generateServiceKeyPair, importPrivateKey, importPublicKey, publicKeyOf } from '@tp/identity';

export type { ServiceKeyPair as PemKeyPair } from '@tp/identity';
export { publicKeyOf };

export const generateEd25519 = generateServiceKeyPair;

/** Whether publicKeyPem is the public key of privateKeyPem. */
export function isPairOf(privateKeyPem: string, publicKeyPem: string): boolean {
  const expected = importPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' });
  const actual = createPublicKey(importPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'der' });
  return expected.equals(actual);
}
