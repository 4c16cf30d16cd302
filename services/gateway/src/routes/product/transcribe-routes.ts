import type { EgressPolicy } from '@tp/egress';
import { productJob } from '@tp/webhooks';
import type { GatewayClients } from '../../clients.ts';
import { defineRoute } from '../../http/route.ts';
import { ProductJobParams, ProductJobSchema, TranscribeHeaders, TranscribeRequest } from './schemas.ts';
import { readProductJob, startTranscription } from './transcribe-flow.ts';

export const startTranscribe = ({ media, jobs, webhooks }: GatewayClients, egress: EgressPolicy) =>
  defineRoute({
    method: 'post',
    path: '/transcribe',
    operationId: 'productTranscribe',
    summary: 'Start a transcription (product back-end interface)',
    description:
      '`audio_url` is a `fileUrl` of `POST /upload` (another owner’s: 404) or a public http(s) URL the platform ' +
      'fetches (up to 100 MiB). Credits are held as for any job (402 insufficient_credits; nothing queued). ' +
      'With `webhook_url` and `webhook_secret`, a signed delivery is sent when the job ends; URLs that resolve to ' +
      'private, loopback or link-local addresses are refused (422 url_not_allowed, `detail.field` names the field). ' +
      'An option the model cannot serve is a 422 naming the field (`loc`), of type `unsupported_option`. ' +
      'Poll `GET /transcribe/{jobId}`, the source of truth.',
    tag: 'Product',
    access: { kind: 'scope', scope: 'jobs:write' },
    rateLimit: 'job_create',
    headers: TranscribeHeaders,
    body: TranscribeRequest,
    status: 202,
    response: ProductJobSchema,
    errors: [
      'not_found',
      'url_not_allowed',
      'remote_fetch_failed',
      'media_too_large',
      'media_unplayable',
      'media_no_audio',
      'media_not_ready',
      'insufficient_credits',
      'idempotency_conflict',
      // A retry while the first request with its key is still being created.
      'conflict',
      'profile_unavailable',
    ],
    handler: async ({ principal, headers, body, req }) => {
      const job = await startTranscription(
        { media, jobs, webhooks, egress },
        {
          userId: principal.userId,
          features: [...principal.features],
          body,
          idempotencyKey: headers['idempotency-key'],
          userAgent: (req.headers['user-agent'] ?? '').slice(0, 500),
        },
      );
      return productJob(job, null);
    },
  });

export const getTranscription = ({ jobs }: GatewayClients) =>
  defineRoute({
    method: 'get',
    path: '/transcribe/{jobId}',
    operationId: 'productGetTranscription',
    summary: 'State and result of a transcription (the source of truth)',
    description:
      '`PENDING`, `IN_PROGRESS`, then `COMPLETED` (with `result`: the text, the segments, the translation when ' +
      'asked, and the output in `output_format`), `FAILED` (with `error`) or `CANCELLED`.',
    tag: 'Product',
    access: { kind: 'scope', scope: 'jobs:read' },
    params: ProductJobParams,
    status: 200,
    response: ProductJobSchema,
    errors: ['not_found'],
    handler: ({ principal, params }) => readProductJob(jobs, principal.userId, params.jobId),
  });
