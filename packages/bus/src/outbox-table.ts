import { newId } from '@tp/ids';
import { contextHeaders, type MessageHeaders } from './propagation.ts';

/**
 * Paste into a service's `schema.prisma`. The relay (outbox.ts) reads this table with plain SQL,
 * so column names and types must stay exactly as `outboxTableSql` shows.
 */
export const OUTBOX_PRISMA_MODEL = `/// Transactional outbox: written in the same transaction as the state change it announces,
/// published to NATS by the @tp/bus relay with Nats-Msg-Id = id.
model Outbox {
  id          String    @id
  subject     String
  payload     Json
  headers     Json      @default("{}")
  createdAt   DateTime  @default(now()) @map("created_at") @db.Timestamptz(6)
  publishedAt DateTime? @map("published_at") @db.Timestamptz(6)
  attempts    Int       @default(0)
  lastError   String?   @map("last_error")

  @@index([publishedAt, id], map: "outbox_unpublished_idx")
  @@map("outbox")
}
`;

/** The table the model implies (what a Prisma migration creates), for tests and hand-written migrations. */
export function outboxTableSql(schema: string): string {
  const table = `${quoteIdent(schema)}."outbox"`;
  return `CREATE TABLE IF NOT EXISTS ${table} (
  "id" TEXT NOT NULL,
  "subject" TEXT NOT NULL,
  "payload" JSONB NOT NULL,
  "headers" JSONB NOT NULL DEFAULT '{}',
  "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "published_at" TIMESTAMPTZ(6),
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "last_error" TEXT,
  CONSTRAINT "outbox_pkey" PRIMARY KEY ("id")
);
CREATE INDEX IF NOT EXISTS "outbox_unpublished_idx" ON ${table} ("published_at", "id");`;
}

export interface OutboxMessage {
  id: string;
  subject: string;
  payload: unknown;
  headers: MessageHeaders;
}

const SUBJECT = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

/**
 * A row for the service to insert inside the transaction that changes its state. The current
 * trace context and request id are captured now, so the consumer continues this request's trace.
 */
export function outboxMessage(subject: string, payload: unknown): OutboxMessage {
  if (!SUBJECT.test(subject))
    throw new TypeError(`outbox subject must be a concrete subject without wildcards, got ${JSON.stringify(subject)}`);
  if (JSON.stringify(payload) === undefined) throw new TypeError(`payload for ${subject} is not JSON-serialisable`);
  return { id: newId('obx'), subject, payload, headers: contextHeaders() };
}

export function quoteIdent(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new TypeError(`invalid schema name ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** The LISTEN/NOTIFY channel relays of one schema share; a nudge on any replica wakes them all. */
export function outboxChannel(schema: string): string {
  quoteIdent(schema);
  return `tp_outbox_${schema}`.slice(0, 63);
}

/** An outbox message as a Prisma `createMany` row of the model above. */
export interface OutboxRow {
  id: string;
  subject: string;
  payload: object;
  headers: object;
}

/** The outbox model's delegate inside a transaction (`tx.outbox`), as far as `writeOutbox` needs it. */
export interface OutboxTable {
  createMany(args: { data: OutboxRow[] }): PromiseLike<unknown>;
}

/**
 * Writes the messages in the caller's transaction: they are published by the relay once it
 * commits, and never when it rolls back.
 */
export async function writeOutbox(table: OutboxTable, messages: readonly OutboxMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await table.createMany({
    data: messages.map((m) => ({ id: m.id, subject: m.subject, payload: m.payload as object, headers: m.headers })),
  });
}
