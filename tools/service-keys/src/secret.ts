// The Secret that holds the key set: what each entry is called, and the key set to and from the
// Secret's data (base64 values, as the Kubernetes API carries them).
//
//   <service>-private-key.pem   the service's current private key (its pod's SERVICE_PRIVATE_KEY)
//   public-keys.json            every service's accepted public keys (every pod's SERVICE_PUBLIC_KEYS)
//   keyset.json                 the whole set (staged and retired keys, the rotation): this tool's state
//   webhook-secrets-key         the webhook dispatcher's WEBHOOK_SECRETS_KEY (GENERATED_ENTRIES)
import { randomBytes } from 'node:crypto';
import { isPairOf, publicKeyOf } from './keys.ts';
import { EMPTY_KEY_SET, type KeySet, KeySetSchema, publicKeys } from './keyset.ts';

export const PUBLIC_KEYS_ENTRY = 'public-keys.json';
export const KEYSET_ENTRY = 'keyset.json';
const PRIVATE_KEY_SUFFIX = '-private-key.pem';

/** A service name doubles as a Secret key and a JSON key: lower case, digits and '-'. */
export const SERVICE_NAME = /^[a-z][a-z0-9-]{0,40}$/;

export function privateKeyEntry(service: string): string {
  if (!SERVICE_NAME.test(service)) throw new Error(`invalid service name ${JSON.stringify(service)}`);
  return `${service}${PRIVATE_KEY_SUFFIX}`;
}

/** JSON with every object's keys sorted: the same key set always gives the same Secret data. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/**
 * Secrets other than keys that the job generates once and then keeps as they are, entry → a fresh
 * value: the AES-256-GCM key (32 bytes, base64) under which the webhook dispatcher seals the
 * webhook signing secrets at rest. Losing it makes the stored secrets unreadable, so it is never
 * regenerated while the entry exists.
 */
export const GENERATED_ENTRIES: Record<string, () => string> = {
  'webhook-secrets-key': () => randomBytes(32).toString('base64'),
};

/** `data` with every generated entry: the one `existing` holds, or a fresh one (named in `events`). */
export function withGeneratedEntries(
  data: Record<string, string>,
  existing: Record<string, string> | undefined,
  events: string[],
): Record<string, string> {
  const complete = { ...data };
  for (const [entry, generate] of Object.entries(GENERATED_ENTRIES)) {
    const kept = existing?.[entry];
    if (kept) complete[entry] = kept;
    else {
      complete[entry] = b64(generate());
      events.push(`generated ${entry}`);
    }
  }
  return complete;
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const unb64 = (text: string) => Buffer.from(text, 'base64').toString('utf8');

/** The Secret data (base64) of a key set. */
export function encodeSecretData(set: KeySet, now: Date): Record<string, string> {
  const data: Record<string, string> = {};
  for (const service of Object.keys(set.services).sort())
    data[privateKeyEntry(service)] = b64(set.services[service]!.current.privateKey);
  data[PUBLIC_KEYS_ENTRY] = b64(canonicalJson(publicKeys(set, now)));
  data[KEYSET_ENTRY] = b64(canonicalJson(set));
  return data;
}

function checkPairs(set: KeySet): void {
  for (const [service, keys] of Object.entries(set.services)) {
    if (!SERVICE_NAME.test(service)) throw new Error(`${KEYSET_ENTRY}: invalid service name ${service}`);
    for (const [which, pair] of [['current', keys.current] as const, ['next', keys.next] as const]) {
      if (pair && !isPairOf(pair.privateKey, pair.publicKey))
        throw new Error(`${KEYSET_ENTRY}: the ${which} public key of ${service} does not match its private key`);
    }
  }
}

/**
 * The key set a Secret's data holds. Without keyset.json (a Secret written by hand) the private
 * keys it holds are adopted as the current keys. Throws, with the reason, on anything it cannot
 * trust: the job then fails and the release with it, and nothing is overwritten.
 */
export function decodeSecretData(data: Record<string, string> | undefined, now: Date): KeySet {
  if (!data) return EMPTY_KEY_SET;
  const stored = data[KEYSET_ENTRY];
  if (stored !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(unb64(stored));
    } catch {
      throw new Error(`${KEYSET_ENTRY} is not JSON`);
    }
    const parsed = KeySetSchema.safeParse(json);
    if (!parsed.success) throw new Error(`${KEYSET_ENTRY} is not a key set: ${parsed.error.message}`);
    checkPairs(parsed.data);
    return parsed.data;
  }
  const services: KeySet['services'] = {};
  for (const [entry, value] of Object.entries(data)) {
    if (!entry.endsWith(PRIVATE_KEY_SUFFIX)) continue;
    const service = entry.slice(0, -PRIVATE_KEY_SUFFIX.length);
    if (!SERVICE_NAME.test(service)) throw new Error(`${entry}: invalid service name ${service}`);
    const privateKey = unb64(value);
    let publicKey: string;
    try {
      publicKey = publicKeyOf(privateKey);
    } catch (error) {
      throw new Error(`${entry} is not an Ed25519 private key (PKCS8 PEM): ${(error as Error).message}`);
    }
    services[service] = { current: { privateKey, publicKey, createdAt: now.toISOString() }, retired: [] };
  }
  return { version: 1, services };
}
