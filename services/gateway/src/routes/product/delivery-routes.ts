import { z } from 'zod';
import { isAppError } from '@tp/errors';
import type { GatewayClients } from '../../clients.ts';
import { defineRoute } from '../../http/route.ts';
import { presentDelivery } from './presenters.ts';
import { DeliveryParams, DeliverySchema, ProductJobParams } from './schemas.ts';

/** The webhook deliveries of a job started with a webhook_url (the dispatcher's WebhookService). */

export const listDeliveries = ({ webhooks, jobs }: GatewayClients) =>
  defineRoute({
    method: 'get',
    path: '/transcribe/{jobId}/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: "A job's webhook deliveries, newest first",
    description:
      'Each delivery with its attempts (status codes, errors), its state (`pending`, `delivered`, `failed` after the ' +
      'whole retry schedule, `gone` after a 410) and when the next attempt is due.',
    tag: 'Product',
    access: { kind: 'scope', scope: 'jobs:read' },
    params: ProductJobParams,
    status: 200,
    response: z.array(DeliverySchema),
    errors: ['not_found'],
    handler: async ({ principal, params }) => {
      try {
        const res = await webhooks.listDeliveries({ userId: principal.userId, jobId: params.jobId });
        return res.deliveries.map(presentDelivery);
      } catch (err) {
        // The dispatcher knows a job once it has a delivery: the user's job that has not ended (or
        // has no webhook) has none yet; another user's or an unknown job stays not_found.
        if (!isAppError(err) || err.code !== 'not_found') throw err;
        await jobs.getJob({ userId: principal.userId, jobId: params.jobId });
        return [];
      }
    },
  });

export const redeliver = ({ webhooks }: GatewayClients) =>
  defineRoute({
    method: 'post',
    path: '/transcribe/{jobId}/deliveries/{deliveryId}/redeliver',
    operationId: 'redeliverWebhook',
    summary: 'Send a webhook delivery again',
    description:
      'The same delivery id and body, a fresh timestamp and signature, the retry schedule restarted. A delivery ' +
      'still pending is answered as it is.',
    tag: 'Product',
    access: { kind: 'scope', scope: 'jobs:write' },
    rateLimit: 'redeliver',
    params: DeliveryParams,
    status: 202,
    response: DeliverySchema,
    errors: ['not_found'],
    handler: async ({ principal, params }) =>
      presentDelivery(
        await webhooks.redeliver({ userId: principal.userId, jobId: params.jobId, deliveryId: params.deliveryId }),
      ),
  });
