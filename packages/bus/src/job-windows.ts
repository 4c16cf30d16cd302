import { jetstream } from '@nats-io/jetstream';
import { type KV, Kvm } from '@nats-io/kv';
import { connect, credsAuthenticator } from '@nats-io/transport-node';
import { BUCKETS } from './declarations.ts';
import { jobWindowsInbox } from './permissions.ts';

/** The WINDOWS bucket as one job's window credentials reach it: that job's keys alone (ADR 0041). */
export interface JobWindowsConnection {
  bucket: KV;
  close(): Promise<void>;
}

/**
 * Connects with one job's window credentials (jobs signs them at the claim; a window item carries
 * them) and opens the WINDOWS bucket on that connection. Reads go through the direct-get API, whose
 * subject names the key, so the server can hold them to the job's keys.
 */
export async function connectJobWindows(options: {
  url: string;
  credentials: string;
  jobId: string;
  /** Shown by the server's monitoring: the worker and what it does (`worker-window`). */
  name: string;
}): Promise<JobWindowsConnection> {
  const connection = await connect({
    servers: options.url,
    name: options.name,
    authenticator: credsAuthenticator(new TextEncoder().encode(options.credentials)),
    inboxPrefix: jobWindowsInbox(options.jobId),
    maxReconnectAttempts: -1,
  });
  try {
    const bucket = await new Kvm(jetstream(connection)).open(BUCKETS.WINDOWS.name, { allow_direct: true });
    return { bucket, close: () => connection.close() };
  } catch (err) {
    await connection.close();
    throw err;
  }
}
