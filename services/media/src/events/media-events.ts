import { outboxMessage, workSubject, type OutboxMessage } from '@tp/bus';
import { MEDIA_EVENTS, type MediaDeletedPayload, type MediaVerifiedPayload } from '@tp/events';

// What media announces (EVENTS stream; subjects and payloads live in @tp/events) and the work
// it queues for itself (WORK stream).

/** One message per verification: `work.media_verify.default`. */
export const VERIFY_WORK_SUBJECT = workSubject('media_verify', 'default');
export const VERIFY_DURABLE = 'media-verify';

export interface VerifyWork {
  verification_id: string;
  media_id: string;
}

export const verifyWork = (work: VerifyWork): OutboxMessage => outboxMessage(VERIFY_WORK_SUBJECT, work);
export const mediaVerified = (payload: MediaVerifiedPayload): OutboxMessage =>
  outboxMessage(MEDIA_EVENTS.verified, payload);
export const mediaDeleted = (payload: MediaDeletedPayload): OutboxMessage =>
  outboxMessage(MEDIA_EVENTS.deleted, payload);
