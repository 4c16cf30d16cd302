import { egressPolicy } from '@tp/egress';
import type { Logger } from '@tp/logging';
import type { GatewayClients } from '../clients.ts';
import type { AnyRoute } from '../http/route.ts';
import { ReadCache } from '../read-cache/read-cache.ts';
import { accountRoutes } from './account/routes.ts';
import { aiRoutes } from './ai/routes.ts';
import { artifactRoutes } from './artifacts/routes.ts';
import { billingRoutes } from './billing/routes.ts';
import { deviceRoutes } from './devices/routes.ts';
import { formatRoutes } from './format/routes.ts';
import { deviceJobRoutes } from './jobs/device-routes.ts';
import { jobRoutes } from './jobs/routes.ts';
import { mediaRoutes } from './media/routes.ts';
import { modelRoutes } from './models/routes.ts';
import { type ProductSettings, productRoutes } from './product/routes.ts';
import { sessionRoutes } from './sessions/routes.ts';
import { shareRoutes } from './shares/routes.ts';
import { tokenRoutes } from './tokens/routes.ts';

export interface RouteLimits {
  maxTranscriptBytes: number;
  /** Base of the links the API hands out (share URLs). */
  publicBaseUrl: string;
  /** The product back-end interface's upload limits and egress guard. */
  product: ProductSettings;
}

/** The defaults of the settings behind them (the configuration's). */
export const DEFAULT_ROUTE_LIMITS: RouteLimits = {
  maxTranscriptBytes: 32 * 1024 * 1024,
  publicBaseUrl: 'http://127.0.0.1:8080',
  product: {
    uploadMaxBytes: 100 * 1024 * 1024,
    inlineMaxBytes: 4 * 1024 * 1024,
    egress: egressPolicy({ EGRESS_ALLOW_PRIVATE_TARGETS: false }),
  },
};

/** Every public operation of the gateway. */
export function allRoutes(
  clients: GatewayClients,
  log: Logger,
  limits: RouteLimits = DEFAULT_ROUTE_LIMITS,
  /** The cache of polled reads; without one, every read asks the backend. */
  readCache: ReadCache = new ReadCache({ maxEntries: 0, jobActiveMs: 0, jobFinishedMs: 0, balanceMs: 0 }),
): AnyRoute[] {
  return [
    ...modelRoutes(clients),
    ...sessionRoutes(clients),
    ...tokenRoutes(clients),
    ...deviceRoutes(clients),
    ...accountRoutes(clients),
    ...mediaRoutes(clients, log),
    ...billingRoutes(clients, readCache),
    ...artifactRoutes(clients, limits),
    ...jobRoutes(clients, readCache),
    ...deviceJobRoutes(clients, limits),
    ...formatRoutes(limits),
    ...shareRoutes(clients, limits),
    ...productRoutes(clients, log, limits.product),
    ...aiRoutes(clients),
  ];
}
