// The subscriptions' signing secrets at rest: AES-256-GCM under WEBHOOK_SECRETS_KEY, the
// subscription id as additional data (a sealed secret copied onto another row does not open).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(secret: string, subscriptionId: string): Uint8Array<ArrayBuffer>;
  open(sealed: Uint8Array, subscriptionId: string): string;
}

/** `keyBase64`: 32 bytes in base64. */
export function secretBox(keyBase64: string): SecretBox {
  const key = Buffer.from(keyBase64, 'base64');
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  return {
    seal(secret, subscriptionId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(subscriptionId));
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      const sealed = Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
      return new Uint8Array(sealed.buffer, sealed.byteOffset, sealed.length) as Uint8Array<ArrayBuffer>;
    },
    open(sealed, subscriptionId) {
      const bytes = Buffer.from(sealed);
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(subscriptionId));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
