import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';

export interface TestBusNamespace {
  /** `t` + 8 hex digits: subjects become `<prefix>.<subject>`, streams `<PREFIX>_<NAME>` (see @tp/bus). */
  prefix: string;
  natsUrl: string;
  /**
   * Deletes every JetStream stream whose name starts with the upper-cased prefix, and every KV
   * bucket named so (stream `KV_<PREFIX>_…`); returns their stream names.
   */
  cleanup(): Promise<string[]>;
}

/** A fresh subject and stream namespace on the shared NATS server, for one test file. */
export function createTestBusNamespace(): TestBusNamespace {
  const prefix = `t${randomBytes(4).toString('hex')}`;
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  return { prefix, natsUrl, cleanup: () => deleteStreams(natsUrl, prefix.toUpperCase()) };
}

async function deleteStreams(natsUrl: string, streamPrefix: string): Promise<string[]> {
  let nc: NatsConnection;
  try {
    nc = await connect({ servers: natsUrl, name: 'tp-testing-cleanup', timeout: 5_000 });
  } catch (error) {
    throw new Error(
      `cannot connect to NATS at ${natsUrl} to clean up ${streamPrefix}* streams: ${(error as Error).message}`,
      { cause: error },
    );
  }
  try {
    const jsm = await jetstreamManager(nc);
    const names: string[] = [];
    for await (const name of jsm.streams.names())
      if (name.startsWith(streamPrefix) || name.startsWith(`KV_${streamPrefix}`)) names.push(name);
    for (const name of names) await jsm.streams.delete(name);
    return names;
  } finally {
    await nc.close();
  }
}
