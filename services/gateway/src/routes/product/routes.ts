import type { EgressPolicy } from '@tp/egress';
import type { Logger } from '@tp/logging';
import type { GatewayClients } from '../../clients.ts';
import type { AnyRoute } from '../../http/route.ts';
import { listDeliveries, redeliver } from './delivery-routes.ts';
import { getTranscription, startTranscribe } from './transcribe-routes.ts';
import { type ProductUploadLimits, uploadFile } from './upload-routes.ts';

export interface ProductSettings extends ProductUploadLimits {
  /** The egress guard of webhook_url and remote audio_url (EGRESS_ALLOW_PRIVATE_TARGETS). */
  egress: EgressPolicy;
}

/** The product back-end interface, at the root (ADR 0017): upload, start, poll, deliveries. */
export function productRoutes(clients: GatewayClients, log: Logger, settings: ProductSettings): AnyRoute[] {
  return [
    uploadFile(clients, log, settings),
    startTranscribe(clients, settings.egress),
    getTranscription(clients),
    listDeliveries(clients),
    redeliver(clients),
  ];
}
