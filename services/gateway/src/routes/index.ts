import type { Logger } from '@tp/logging';
import type { Backends } from '../backends.ts';
import type { AnyRoute } from '../http/route.ts';
import { accountRoutes } from './account.ts';
import { artifactRoutes } from './artifacts.ts';
import { billingRoutes } from './billing.ts';
import { deviceRoutes } from './devices.ts';
import { formatRoutes } from './format.ts';
import { jobRoutes } from './jobs.ts';
import { mediaRoutes } from './media.ts';
import { modelRoutes } from './models.ts';
import { sessionRoutes } from './sessions.ts';
import { shareRoutes } from './shares.ts';
import { tokenRoutes } from './tokens.ts';

/** Every public operation of the gateway. */
export interface RouteLimits {
  maxTranscriptBytes: number;
  /** Base of the links the API hands out (share URLs). */
  publicBaseUrl: string;
}

export function allRoutes(backends: Backends, log: Logger, limits: RouteLimits = { maxTranscriptBytes: 32 * 1024 * 1024, publicBaseUrl: 'http://127.0.0.1:8080' }): AnyRoute[] {
  return [
    ...modelRoutes(),
    ...sessionRoutes(backends),
    ...tokenRoutes(backends),
    ...deviceRoutes(backends),
    ...accountRoutes(backends),
    ...mediaRoutes(backends, log),
    ...billingRoutes(backends),
    ...artifactRoutes(backends, limits),
    ...jobRoutes(backends),
    ...formatRoutes(limits),
    ...shareRoutes(backends, limits),
  ];
}
