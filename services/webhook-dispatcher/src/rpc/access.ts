import { defineAccess } from '@tp/grpc';
import { WebhookServiceService } from '@tp/proto';

/**
 * Who may call WebhookService (ADR 0011): only the gateway, for the user the request names (the
 * product back-end interface: POST /transcribe, the deliveries routes).
 */
export const WEBHOOK_ACCESS = defineAccess(WebhookServiceService, {
  createSubscription: { gateway: 'user' },
  listDeliveries: { gateway: 'user' },
  redeliver: { gateway: 'user' },
});
