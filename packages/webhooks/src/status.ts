/** The statuses of the product back-end interface, for the jobs service's. */
export const PRODUCT_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

const FROM_JOB_STATUS: Record<string, ProductStatus> = {
  queued: 'PENDING',
  running: 'IN_PROGRESS',
  succeeded: 'COMPLETED',
  failed: 'FAILED',
  cancelled: 'CANCELLED',
};

/** queued → PENDING, running → IN_PROGRESS, succeeded → COMPLETED, failed → FAILED, cancelled → CANCELLED. */
export function productStatus(status: string): ProductStatus {
  const product = FROM_JOB_STATUS[status];
  if (product === undefined) throw new RangeError(`Unknown job status: ${status}`);
  return product;
}

/** The events a webhook delivers: one when a job ends. */
export const WEBHOOK_EVENT_TYPES = [
  'transcription.completed',
  'transcription.failed',
  'transcription.cancelled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

const EVENT_OF: Partial<Record<string, WebhookEventType>> = {
  COMPLETED: 'transcription.completed',
  FAILED: 'transcription.failed',
  CANCELLED: 'transcription.cancelled',
};

/** The event of a terminal status (a job's `succeeded` or a product's `COMPLETED`, …); null for any other. */
export function eventTypeOf(status: string): WebhookEventType | null {
  return EVENT_OF[FROM_JOB_STATUS[status] ?? status] ?? null;
}
