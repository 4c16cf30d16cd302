/**
 * Streams and consumers are declared in code and applied at start-up (`Bus.ensureStreams`,
 * `Bus.ensureConsumer`), so a fresh NATS server and a long-lived one converge on the same
 * configuration without a separate provisioning step.
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
