/**
 * Streams, buckets and consumers are declared in code. The streams and buckets are applied by the
 * provisioning step (`provisionBus`, ADR 0041) and only checked by the services; each durable
 * consumer is applied by the service that reads it (`Bus.ensureConsumer`, within the permissions
 * that pin it). A fresh NATS server and a long-lived one converge on the same configuration.
 */

export interface StreamDeclaration {
  /** Logical name (`EVENTS`); a bus with a prefix turns it into `<PREFIX>_EVENTS`. */
  name: string;
  /** Logical subjects (`events.>`); a bus with a prefix turns them into `<prefix>.events.>`. */
  subjects: string[];
  retention: 'limits' | 'workqueue' | 'interest';
  storage: 'file' | 'memory';
  /** Oldest message kept; 0 or absent keeps messages until another limit applies. */
  maxAgeMs?: number;
  /** How long a `Nats-Msg-Id` is remembered for publish deduplication. */
  duplicateWindowMs: number;
  description?: string;
}

export interface ConsumerDeclaration {
  /** Durable name, unique within its stream. */
  durable: string;
  /** Logical subject filter (prefix applied by the bus); absent means the whole stream. */
  filterSubject?: string;
  /** How many times the handler may run for one message before it is dead-lettered. */
  maxDeliver: number;
  /** How long a delivered message may stay unacknowledged (without `working()`) before redelivery. */
  ackWaitMs: number;
  /** Upper bound of unacknowledged messages across all replicas of the consumer. */
  maxAckPending?: number;
  /** Where a new durable starts: `all` (default) so nothing published before its first start is missed. */
  deliverPolicy?: 'all' | 'new';
  description?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const TWO_MINUTES_MS = 2 * 60 * 1000;

export const STREAMS = {
  /** Facts that happened (`events.<aggregate>.<event>`): kept a week, read by any number of durable consumers. */
  EVENTS: {
    name: 'EVENTS',
    subjects: ['events.>'],
    retention: 'limits',
    storage: 'file',
    maxAgeMs: 7 * DAY_MS,
    duplicateWindowMs: TWO_MINUTES_MS,
    description:
      'Domain events: job progress and terminal states, media verified, artifact versions, token revocations.',
  },
  /** Work for the fleet (`work.<job_type>.<pool>`): each message is removed once one worker acknowledges it. */
  WORK: {
    name: 'WORK',
    subjects: ['work.>'],
    retention: 'workqueue',
    storage: 'file',
    duplicateWindowMs: TWO_MINUTES_MS,
    description: 'Work queue: one message per unit of work, consumed by pull workers.',
  },
} as const satisfies Record<string, StreamDeclaration>;

/** A KV bucket the provisioner makes (its stream is `KV_<name>`, prefixed in tests like a stream). */
export interface BucketDeclaration {
  /** Logical name; a bus with a prefix turns it into `<PREFIX>_<NAME>`. */
  name: string;
  storage: 'file' | 'memory';
  /** How long a key's last value is kept; absent: the provisioner's setting (RATE_LIMITS). */
  ttlMs?: number;
  /** Not prefixed on a prefixed bus (tests): its keys are per job, and permissions name it literally. */
  unprefixed?: boolean;
}

export const BUCKETS = {
  /**
   * The gateway's rate-limit counters (ADR 0025): only the gateway reads or writes them. Kept
   * twice the longest window the provisioning is told of (RATE_LIMIT_MAX_WINDOW_SECONDS), on disk:
   * a restarted NATS keeps the bucket, which the gateway may not make again (ADR 0041).
   */
  RATE_LIMITS: { name: 'RATE_LIMITS', storage: 'file' },
  /**
   * The worker's window checkpoints, results and stop keys (ADR 0026), keyed `<job>.…`; a day, unless
   * the job clears them. Reached only with a job's own window credentials (ADR 0041).
   */
  WINDOWS: { name: 'WINDOWS', storage: 'file', ttlMs: DAY_MS, unprefixed: true },
} as const satisfies Record<string, BucketDeclaration>;

const TOKEN = /^[a-z][a-z0-9_-]*$/;

function checkToken(kind: string, value: string): void {
  if (!TOKEN.test(value)) {
    throw new TypeError(
      `${kind} must be one lower-case subject token ([a-z][a-z0-9_-]*), got ${JSON.stringify(value)}`,
    );
  }
}

/** `events.<aggregate>.<event>`, e.g. `eventSubject('job', 'completed')` → `events.job.completed`. */
export function eventSubject(aggregate: string, event: string): string {
  checkToken('aggregate', aggregate);
  checkToken('event', event);
  return `events.${aggregate}.${event}`;
}

/** `work.<job_type>.<pool>`, e.g. `workSubject('transcribe', 'cpu')` → `work.transcribe.cpu`. */
export function workSubject(jobType: string, pool: string): string {
  checkToken('job type', jobType);
  checkToken('pool', pool);
  return `work.${jobType}.${pool}`;
}
