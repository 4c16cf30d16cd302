import { Kvm } from '@nats-io/kv';
import type { Bus } from './bus.ts';
import { BUCKETS, type BucketDeclaration, STREAMS } from './declarations.ts';

// The provisioning step (ADR 0041): the streams and buckets every service uses, made or brought up
// to date by an identity of its own before the services start. The services may only look them up.

export interface BusProvisionOptions {
  /** The longest rate-limit window the gateway may be configured with; the counters outlive it twice. */
  rateLimitMaxWindowSeconds?: number;
}

/** The default longest rate-limit window provisioned for (an hour; the gateway's default windows are a minute). */
export const DEFAULT_RATE_LIMIT_MAX_WINDOW_SECONDS = 3_600;

/** What `provisionBus` made sure of: stream names and bucket names as the server knows them. */
export interface BusProvisionReport {
  streams: string[];
  buckets: string[];
}

async function ensureBucket(bus: Bus, declaration: BucketDeclaration, ttlMs: number): Promise<string> {
  const name = declaration.unprefixed ? declaration.name : bus.streamName(declaration.name);
  const options = { history: 1, ttl: ttlMs, storage: declaration.storage, allow_direct: true };
  const kv = await new Kvm(bus.jetstream).create(name, options);
  const status = await kv.status();
  const stream = status.streamInfo.config;
  // An older provisioning kept keys for another time, or read them without the direct-get API (whose
  // subject names the key, so that permissions can hold a reader to its keys): updated in place.
  if (status.ttl !== ttlMs || !stream.allow_direct)
    await bus.manager.streams.update(stream.name, { ...stream, max_age: ttlMs * 1_000_000, allow_direct: true });
  return name;
}

/** Creates (or updates in place) the fleet's streams and KV buckets. Idempotent; safe beside running services. */
export async function provisionBus(bus: Bus, options: BusProvisionOptions = {}): Promise<BusProvisionReport> {
  const streams = [STREAMS.EVENTS, STREAMS.WORK];
  await bus.ensureStreams(streams);
  const window = options.rateLimitMaxWindowSeconds ?? DEFAULT_RATE_LIMIT_MAX_WINDOW_SECONDS;
  if (!Number.isInteger(window) || window < 1)
    throw new TypeError('rateLimitMaxWindowSeconds must be a positive integer');
  const buckets = [
    await ensureBucket(bus, BUCKETS.RATE_LIMITS, 2 * window * 1000),
    await ensureBucket(bus, BUCKETS.WINDOWS, BUCKETS.WINDOWS.ttlMs),
  ];
  return { streams: streams.map((s) => bus.streamName(s.name)), buckets };
}
