// The service key set and the rules that change it, as plain functions over plain data: no
// clock, no randomness, no I/O (the caller passes `now` and a key generator).
//
// Each service has one current key (it signs with it), at most one staged next key (published to
// every verifier, not yet signing) and the retired keys of earlier rotations (still accepted until
// they expire). A rotation has two steps because a pod reads the keys once, at start: the staged
// key must reach every verifier before any signer uses it (ADR 0016).
import { z } from 'zod';

export const KeyPairSchema = z.strictObject({
  /** PKCS8 PEM. */
  privateKey: z.string().min(1),
  /** SPKI PEM of privateKey. */
  publicKey: z.string().min(1),
  createdAt: z.iso.datetime(),
});

export const RetiredKeySchema = z.strictObject({
  publicKey: z.string().min(1),
  retiredAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});

export const ServiceKeysSchema = z.strictObject({
  current: KeyPairSchema,
  next: KeyPairSchema.optional(),
  retired: z.array(RetiredKeySchema),
});

export const KeySetSchema = z.strictObject({
  version: z.literal(1),
  /** The last rotation asked for, and whether its staged keys are current yet. */
  rotation: z.strictObject({ id: z.string().min(1), promoted: z.boolean() }).optional(),
  services: z.record(z.string(), ServiceKeysSchema),
});

export type KeyPair = z.infer<typeof KeyPairSchema>;
export type RetiredKey = z.infer<typeof RetiredKeySchema>;
export type ServiceKeys = z.infer<typeof ServiceKeysSchema>;
export type KeySet = z.infer<typeof KeySetSchema>;

/** Makes a new key pair; `createdAt` is filled in by the caller. */
export type GenerateKeyPair = () => Omit<KeyPair, 'createdAt'>;

/** What the operator asks for (the chart's serviceIdentity values). */
export interface KeySetRequest {
  services: readonly string[];
  /** Empty: no rotation. A new id stages a next key for every service. */
  rotationId: string;
  /** Makes the staged keys of rotationId current. */
  promote: boolean;
  /**
   * Lets a new rotationId with promote stage and promote in one run (a compromised key): calls
   * between old and new pods fail until the rollout ends. Without it such a request is refused.
   */
  immediate: boolean;
  /** How long a retired key stays accepted. */
  retiredTtlMs: number;
}

export interface KeySetChange {
  set: KeySet;
  /** What changed, one line each, for the job's log. */
  events: string[];
}

export const EMPTY_KEY_SET: KeySet = { version: 1, services: {} };

function fresh(generate: GenerateKeyPair, now: Date): KeyPair {
  return { ...generate(), createdAt: now.toISOString() };
}

/** Generates what is missing (a service without keys), keeps what exists, drops unknown services. */
export function ensure(set: KeySet, services: readonly string[], generate: GenerateKeyPair, now: Date): KeySetChange {
  const events: string[] = [];
  const next: KeySet['services'] = {};
  for (const service of [...services].sort()) {
    const existing = set.services[service];
    if (existing) next[service] = existing;
    else {
      next[service] = { current: fresh(generate, now), retired: [] };
      events.push(`${service}: generated its first key`);
    }
  }
  for (const service of Object.keys(set.services))
    if (!services.includes(service)) events.push(`${service}: no longer a service, its keys are dropped`);
  return { set: { ...set, services: next }, events };
}

/** Stages a new next key for every service (replacing a staged key never promoted). */
export function stage(set: KeySet, rotationId: string, generate: GenerateKeyPair, now: Date): KeySetChange {
  const services: KeySet['services'] = {};
  for (const [service, keys] of Object.entries(set.services))
    services[service] = { ...keys, next: fresh(generate, now) };
  return {
    set: { ...set, rotation: { id: rotationId, promoted: false }, services },
    events: [`rotation ${rotationId}: staged a next key for ${Object.keys(services).join(', ')}`],
  };
}

/** The staged keys become current; the keys they replace are retired until now + ttl. */
export function promote(set: KeySet, now: Date, retiredTtlMs: number): KeySetChange {
  const services: KeySet['services'] = {};
  const promoted: string[] = [];
  const expiresAt = new Date(now.getTime() + retiredTtlMs).toISOString();
  for (const [service, keys] of Object.entries(set.services)) {
    if (!keys.next) {
      services[service] = keys;
      continue;
    }
    const retired = { publicKey: keys.current.publicKey, retiredAt: now.toISOString(), expiresAt };
    services[service] = { current: keys.next, retired: [retired, ...keys.retired] };
    promoted.push(service);
  }
  const rotation = set.rotation && { ...set.rotation, promoted: true };
  return {
    set: { ...set, ...(rotation ? { rotation } : {}), services },
    events: [`rotation ${rotation?.id ?? '?'}: promoted the staged keys of ${promoted.join(', ') || 'no service'}`],
  };
}

/** Drops the retired keys whose expiry has passed. */
export function prune(set: KeySet, now: Date): KeySetChange {
  const events: string[] = [];
  const services: KeySet['services'] = {};
  for (const [service, keys] of Object.entries(set.services)) {
    const retired = keys.retired.filter((key) => Date.parse(key.expiresAt) > now.getTime());
    if (retired.length < keys.retired.length)
      events.push(`${service}: pruned ${keys.retired.length - retired.length} expired key(s)`);
    services[service] = { ...keys, retired };
  }
  return { set: { ...set, services }, events };
}

/**
 * The rotation steps a request still needs. Each (rotationId, promote) pair names one state the
 * pods see (the chart rolls them when the pair changes), so a pair that cannot get there safely is
 * refused rather than half done.
 */
function rotationSteps(set: KeySet, request: KeySetRequest): { stage: boolean; promote: boolean; warning?: string } {
  const { rotationId, promote: wantPromote } = request;
  if (!rotationId) {
    if (wantPromote) throw new Error('promote needs a rotation id: the id of the staged rotation to promote');
    return { stage: false, promote: false };
  }
  if (set.rotation?.id !== rotationId) {
    if (wantPromote && !request.immediate)
      throw new Error(
        `rotation ${rotationId} was never staged: stage it first (the same id without promote), ` +
          'or promote at once with immediate (calls between old and new pods fail during that rollout)',
      );
    return { stage: true, promote: wantPromote };
  }
  if (wantPromote && !set.rotation.promoted) return { stage: false, promote: true };
  if (!wantPromote && set.rotation.promoted)
    return { stage: false, promote: false, warning: `rotation ${rotationId} is already promoted: it cannot be undone` };
  return { stage: false, promote: false };
}

/**
 * Brings a key set to what the request asks: ensure every service has a key, run the rotation
 * steps not yet done, prune expired retired keys. Applying the same request twice changes nothing.
 * Throws for a request it refuses (promote without a staged rotation): nothing is written then.
 */
export function reconcile(set: KeySet, request: KeySetRequest, generate: GenerateKeyPair, now: Date): KeySetChange {
  let change = ensure(set, request.services, generate, now);
  const events = [...change.events];
  const steps = rotationSteps(change.set, request);
  if (steps.warning) events.push(`warning: ${steps.warning}`);
  if (steps.stage) {
    change = stage(change.set, request.rotationId, generate, now);
    events.push(...change.events);
  }
  if (steps.promote) {
    change = promote(change.set, now, request.retiredTtlMs);
    events.push(...change.events);
  }
  change = prune(change.set, now);
  events.push(...change.events);
  return { set: change.set, events };
}

/**
 * The public keys every verifier accepts, by service: the current key first, then the staged next
 * key, then the retired keys not yet expired (the SERVICE_PUBLIC_KEYS value).
 */
export function publicKeys(set: KeySet, now: Date): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const service of Object.keys(set.services).sort()) {
    const keys = set.services[service]!;
    out[service] = [
      keys.current.publicKey,
      ...(keys.next ? [keys.next.publicKey] : []),
      ...keys.retired.filter((key) => Date.parse(key.expiresAt) > now.getTime()).map((key) => key.publicKey),
    ];
  }
  return out;
}
