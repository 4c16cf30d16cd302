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
  const name = bus.streamName(declaration.name);
  const kv = await new Kvm(bus.jetstream).create(name, { history: 1, ttl: ttlMs, storage: declaration.storage });
  const status = await kv.status();
  if (status.ttl !== ttlMs) {
    // An older provisioning kept keys for another time: the bucket's stream takes the new one in place.
    const stream = status.streamInfo.config;
    await bus.manager.streams.update(stream.name, { ...stream, max_age: ttlMs * 1_000_000 });
  }
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
