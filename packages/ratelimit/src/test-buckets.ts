// Test-only (not exported from index.ts): a counter bucket as the bus's provisioning makes it in
// production (@tp/bus provisionBus, ADR 0041), under a test's own name; the store only opens it.
import { jetstream } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';

export async function provisionCounterBucket(
  connection: NatsConnection,
  bucket: string,
  ttlMs = 120_000,
): Promise<void> {
  await new Kvm(jetstream(connection)).create(bucket, { history: 1, ttl: ttlMs, storage: 'file' });
}
