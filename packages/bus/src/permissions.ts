import type { Permissions } from '@nats-io/jwt';
import { BUCKETS, STREAMS } from './declarations.ts';

// What each identity may do on the bus (ADR 0041): exactly the subjects it publishes, the durable
// consumers it reads (each pinned to its stream, name and filter), the buckets it uses, and the
// JetStream API calls these need. The server enforces it; nothing here is checked by the client.

/** The identities that connect to NATS: one per service that uses the bus, and the provisioner. */
export const BUS_ROLES = [
  'accounts',
  'gateway',
  'jobs',
  'media',
  'shares',
  'webhook-dispatcher',
  'worker',
  'provisioner',
] as const;
export type BusRole = (typeof BUS_ROLES)[number];

/** A durable consumer a role reads: the only one of its stream it may create, inspect, pull from and acknowledge. */
export interface DurableGrant {
  stream: string;
  durable: string;
  /** Logical filter subject; `*` tokens stand for any pool. */
  filter: string;
}

const WORK = STREAMS.WORK.name;
const EVENTS = STREAMS.EVENTS.name;
const jobEnd = (end: string): DurableGrant => ({
  stream: EVENTS,
  durable: `webhook-dispatcher-job-${end}`,
  filter: `events.job.${end}`,
});

interface RoleGrant {
  /** The streams it looks up at start (openBus checks they exist; it may not make them). */
  streams: readonly string[];
  publishes: readonly string[];
  durables: readonly DurableGrant[];
  buckets: readonly string[];
  /** Ordered consumers (caches that follow events as they come): stream and filter. */
  follows: readonly { stream: string; filter: string }[];
  /** Streams whose consumers it lists (metrics of queue lag). */
  listsConsumersOf: readonly string[];
}

const NONE: RoleGrant = { streams: [], publishes: [], durables: [], buckets: [], follows: [], listsConsumersOf: [] };

/**
 * The grants of each service. The worker's are for any pool (`*`): a pool's workers share one
 * identity, and a worker of one pool is not trusted less than one of another.
 */
export const ROLE_GRANTS: Readonly<Record<Exclude<BusRole, 'provisioner'>, RoleGrant>> = {
  accounts: { ...NONE, streams: [EVENTS], publishes: ['events.account.>'] },
  gateway: {
    ...NONE,
    streams: [EVENTS],
    buckets: [BUCKETS.RATE_LIMITS.name],
    follows: [
      { stream: EVENTS, filter: 'events.account.>' },
      { stream: EVENTS, filter: 'events.job.>' },
    ],
  },
  jobs: {
    ...NONE,
    streams: [EVENTS, WORK],
    // Tickets of every job type (not media's verification work, not the workers' window items).
    publishes: ['events.job.>', 'work.transcription.*', 'work.caption_burn.*'],
    listsConsumersOf: [WORK, EVENTS],
  },
  media: {
    ...NONE,
    streams: [EVENTS, WORK],
    publishes: ['events.media.>', 'work.media_verify.default'],
    durables: [{ stream: WORK, durable: 'media-verify', filter: 'work.media_verify.default' }],
  },
  shares: {
    ...NONE,
    streams: [EVENTS],
    durables: [
      { stream: EVENTS, durable: 'shares-media-deleted', filter: 'events.media.deleted' },
      { stream: EVENTS, durable: 'shares-account-deleted', filter: 'events.account.deleted' },
    ],
  },
  'webhook-dispatcher': { ...NONE, streams: [EVENTS], durables: ['succeeded', 'failed', 'cancelled'].map(jobEnd) },
  // No bucket: a job's windows are reached with that job's own credentials (jobWindowsTemplate).
  worker: {
    ...NONE,
    streams: [WORK],
    publishes: ['work.window.*'],
    durables: [
      { stream: WORK, durable: '*', filter: 'work.transcription.*' },
      { stream: WORK, durable: '*', filter: 'work.caption_burn.*' },
      { stream: WORK, durable: '*', filter: 'work.window.*' },
    ],
  },
};

/** The role of the account's scoped signing key that jobs signs window credentials with. */
export const JOB_WINDOWS_ROLE = 'job-windows';

/** Where a job's window connection gets its replies: `_INBOX_WINDOWS.<job>` (a token of its own). */
export const jobWindowsInbox = (jobId: string) => `_INBOX_WINDOWS.${jobId}`;

/**
 * What a job's window credentials may do, whatever their JWT says (the server applies the scoped
 * key's template, `{{tag(job)}}` being the job the credentials name): read, write, watch and list the
 * keys `<job>.…` of the WINDOWS bucket, and nothing else. The owner of a long job and every worker
 * that takes one of its window items use them; no other job's windows can be read, written or
 * stopped with them. WINDOWS is not prefixed in tests (the template names it): its keys are per job.
 */
export function jobWindowsTemplate(): Permissions {
  const bucket = BUCKETS.WINDOWS.name;
  const keys = `$KV.${bucket}.{{tag(job)}}.>`;
  return {
    pub: {
      allow: [
        '$JS.API.INFO',
        `$JS.API.STREAM.INFO.KV_${bucket}`,
        keys,
        `$JS.API.DIRECT.GET.KV_${bucket}.${keys}`,
        `$JS.API.CONSUMER.CREATE.KV_${bucket}.*.${keys}`,
        `$JS.API.CONSUMER.INFO.KV_${bucket}.*`,
        `$JS.API.CONSUMER.MSG.NEXT.KV_${bucket}.*`,
        `$JS.API.CONSUMER.DELETE.KV_${bucket}.*`,
      ],
    },
    sub: { allow: [`${jobWindowsInbox('{{tag(job)}}')}.>`] },
  };
}

/** Where a role's replies arrive (`_INBOX_<role>`): no other identity may subscribe there. */
export const inboxPrefixOf = (name: string) => `_INBOX_${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;

interface Naming {
  subject(logical: string): string;
  stream(logical: string): string;
}

function namingOf(prefix: string): Naming {
  return {
    subject: (logical) => (prefix ? `${prefix}.${logical}` : logical),
    stream: (logical) => (prefix ? `${prefix.toUpperCase()}_${logical}` : logical),
  };
}

function durableSubjects(grant: DurableGrant, n: Naming): string[] {
  const stream = n.stream(grant.stream);
  const api = '$JS.API.CONSUMER';
  const subjects = [
    `${api}.CREATE.${stream}.${grant.durable}.${n.subject(grant.filter)}`,
    `${api}.INFO.${stream}.${grant.durable}`,
    `${api}.MSG.NEXT.${stream}.${grant.durable}`,
    `$JS.ACK.${stream}.${grant.durable}.>`,
    `$JS.API.STREAM.INFO.${stream}`,
  ];
  // A 2.9 server keeps a terminated message of a work queue: its consumer removes it (bus.ts).
  if (grant.stream === WORK) subjects.push(`$JS.API.STREAM.MSG.DELETE.${stream}`);
  return subjects;
}

function bucketSubjects(logical: string, n: Naming): string[] {
  const bucket = n.stream(logical);
  return [
    `$KV.${bucket}.>`,
    `$JS.API.STREAM.INFO.KV_${bucket}`,
    `$JS.API.STREAM.MSG.GET.KV_${bucket}`,
    `$JS.API.DIRECT.GET.KV_${bucket}`,
    `$JS.API.DIRECT.GET.KV_${bucket}.>`,
    // Watches and key listings are ordered consumers of the bucket's stream.
    `$JS.API.CONSUMER.CREATE.KV_${bucket}.>`,
    `$JS.API.CONSUMER.INFO.KV_${bucket}.*`,
    `$JS.API.CONSUMER.MSG.NEXT.KV_${bucket}.*`,
    `$JS.API.CONSUMER.DELETE.KV_${bucket}.>`,
  ];
}

function followSubjects(follow: { stream: string; filter: string }, n: Naming): string[] {
  const stream = n.stream(follow.stream);
  return [
    `$JS.API.STREAM.INFO.${stream}`,
    `$JS.API.CONSUMER.CREATE.${stream}.*.${n.subject(follow.filter)}`,
    `$JS.API.CONSUMER.INFO.${stream}.*`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.*`,
    `$JS.API.CONSUMER.DELETE.${stream}.*`,
  ];
}

/** Every named durable of the other roles, which a role that names its consumers freely must not pull from or inspect. */
function othersDurables(role: string, n: Naming): string[] {
  return Object.entries(ROLE_GRANTS).flatMap(([other, grant]) =>
    other === role
      ? []
      : grant.durables
          .filter((d) => d.durable !== '*')
          .flatMap((d) => [
            `$JS.API.CONSUMER.MSG.NEXT.${n.stream(d.stream)}.${d.durable}`,
            `$JS.API.CONSUMER.INFO.${n.stream(d.stream)}.${d.durable}`,
            `$JS.API.CONSUMER.DELETE.${n.stream(d.stream)}.${d.durable}`,
          ]),
  );
}

export interface RolePermissionOptions {
  /** The bus prefix (tests); empty in production. */
  prefix?: string;
  /** The connection name whose inbox the role subscribes to (inboxPrefixOf); the role's name by default. */
  inboxName?: string;
}

/** The NATS permissions of a role, for its user JWT. */
export function busPermissions(role: BusRole, options: RolePermissionOptions = {}): Permissions {
  const n = namingOf(options.prefix ?? '');
  const inbox = `${inboxPrefixOf(options.inboxName ?? role)}.>`;
  if (role === 'provisioner') return { pub: { allow: ['$JS.API.>'] }, sub: { allow: [inbox] } };
  const grant = ROLE_GRANTS[role];
  const allow = new Set<string>(['$JS.API.INFO']);
  for (const stream of grant.streams) allow.add(`$JS.API.STREAM.INFO.${n.stream(stream)}`);
  for (const subject of grant.publishes) allow.add(n.subject(subject));
  for (const durable of grant.durables) for (const s of durableSubjects(durable, n)) allow.add(s);
  for (const bucket of grant.buckets) for (const s of bucketSubjects(bucket, n)) allow.add(s);
  for (const follow of grant.follows) for (const s of followSubjects(follow, n)) allow.add(s);
  for (const stream of grant.listsConsumersOf) {
    allow.add(`$JS.API.STREAM.INFO.${n.stream(stream)}`);
    allow.add(`$JS.API.CONSUMER.LIST.${n.stream(stream)}`);
  }
  // A consumer it may name freely (an ordered one, a pool's) must still not be another role's durable.
  const namesFreely = grant.follows.length > 0 || grant.durables.some((d) => d.durable === '*');
  const deny = namesFreely ? othersDurables(role, n) : [];
  return {
    pub: { allow: [...allow], ...(deny.length ? { deny } : {}) },
    sub: { allow: [inbox] },
  };
}
