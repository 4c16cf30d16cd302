import { nanos } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  type ConsumerConfig,
  type ConsumerInfo,
  type JetStreamManager,
  type StreamInfo,
} from '@nats-io/jetstream';
import type { ConsumerDeclaration, StreamDeclaration } from './declarations.ts';

// Brings the server's streams and durable consumers to what the declarations say: created when
// missing, updated in place where the server allows it, refused with an explanation where it does not.

function isApiError(err: unknown, code: number): boolean {
  return err instanceof JetStreamApiError && err.code === code;
}

/** Throws unless the stream exists: services look streams up, the provisioning step makes them (ADR 0041). */
export async function checkStream(manager: JetStreamManager, name: string): Promise<void> {
  try {
    await manager.streams.info(name);
  } catch (err) {
    if (!isApiError(err, JetStreamApiCodes.StreamNotFound)) throw err;
    throw new Error(
      `stream ${name} does not exist: provision the bus first (tools/tsctl bus provision, the chart's provisioning job)`,
      { cause: err },
    );
  }
}

export async function ensureStream(
  manager: JetStreamManager,
  name: string,
  declaration: StreamDeclaration,
  subject: (s: string) => string,
): Promise<void> {
  const wanted = {
    subjects: declaration.subjects.map(subject),
    max_age: nanos(declaration.maxAgeMs ?? 0),
    duplicate_window: nanos(declaration.duplicateWindowMs),
    description: declaration.description ?? '',
  };
  let existing: StreamInfo | undefined;
  try {
    existing = await manager.streams.info(name);
  } catch (err) {
    if (!isApiError(err, JetStreamApiCodes.StreamNotFound)) throw err;
  }
  if (!existing) {
    try {
      await manager.streams.add({ name, retention: declaration.retention, storage: declaration.storage, ...wanted });
      return;
    } catch (err) {
      // Another replica may have created it between our info and add: converge through update.
      existing = await manager.streams.info(name).catch(() => {
        throw err;
      });
    }
  }
  const config = existing.config;
  if (config.retention !== declaration.retention || config.storage !== declaration.storage) {
    throw new Error(
      `stream ${name} exists with retention=${config.retention} storage=${config.storage}, declared retention=${declaration.retention} storage=${declaration.storage}; these cannot change in place (migrate the stream)`,
    );
  }
  const same =
    config.subjects.join(',') === wanted.subjects.join(',') &&
    config.max_age === wanted.max_age &&
    config.duplicate_window === wanted.duplicate_window &&
    (config.description ?? '') === wanted.description;
  if (!same) await manager.streams.update(name, wanted);
}

/**
 * The server gives up on a message a few deliveries after `maxDeliver`, not at it: deliveries past
 * `maxDeliver` (the handler timed out, its process died, or the dead-letter callback failed) are
 * still seen by the bus, which dead-letters them instead of losing them silently.
 */
export const DEAD_LETTER_GRACE_DELIVERIES = 5;

export async function ensureDurable(
  manager: JetStreamManager,
  stream: string,
  declaration: ConsumerDeclaration,
  subject: (s: string) => string,
): Promise<void> {
  if (!Number.isInteger(declaration.maxDeliver) || declaration.maxDeliver < 1)
    throw new TypeError('maxDeliver must be a positive integer');
  if (!Number.isInteger(declaration.ackWaitMs) || declaration.ackWaitMs < 1000)
    throw new TypeError('ackWaitMs must be an integer of at least 1000');
  const wanted: Partial<ConsumerConfig> = {
    ack_wait: nanos(declaration.ackWaitMs),
    max_deliver: declaration.maxDeliver + DEAD_LETTER_GRACE_DELIVERIES,
    max_ack_pending: declaration.maxAckPending ?? 1000,
    description: declaration.description ?? '',
  };
  const filter = declaration.filterSubject ? subject(declaration.filterSubject) : undefined;
  let existing: ConsumerInfo | undefined;
  try {
    existing = await manager.consumers.info(stream, declaration.durable);
  } catch (err) {
    if (!isApiError(err, JetStreamApiCodes.ConsumerNotFound)) throw err;
  }
  if (!existing) {
    try {
      await manager.consumers.add(stream, {
        ...wanted,
        durable_name: declaration.durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: declaration.deliverPolicy === 'new' ? DeliverPolicy.New : DeliverPolicy.All,
        ...(filter ? { filter_subject: filter } : {}),
      });
      return;
    } catch (err) {
      existing = await manager.consumers.info(stream, declaration.durable).catch(() => {
        throw err;
      });
    }
  }
  const config = existing.config;
  if ((config.filter_subject || undefined) !== filter) {
    throw new Error(
      `consumer ${stream}/${declaration.durable} filters ${config.filter_subject || '(nothing)'}, declared ${filter ?? '(nothing)'}; use a new durable name`,
    );
  }
  const same =
    config.ack_wait === wanted.ack_wait &&
    config.max_deliver === wanted.max_deliver &&
    config.max_ack_pending === wanted.max_ack_pending &&
    (config.description ?? '') === wanted.description;
  if (!same) await manager.consumers.update(stream, declaration.durable, wanted);
}
