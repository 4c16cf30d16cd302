import { JOB_EVENTS } from '@tp/events';
import type { WebhookEventType } from '@tp/webhooks';

/** The webhook event a job's terminal event becomes; null for an event that sends none. */
export function webhookEventType(subject: string): WebhookEventType | null {
  switch (subject) {
    case JOB_EVENTS.succeeded:
      return 'transcription.completed';
    case JOB_EVENTS.failed:
      return 'transcription.failed';
    case JOB_EVENTS.cancelled:
      return 'transcription.cancelled';
    default:
      return null;
  }
}
