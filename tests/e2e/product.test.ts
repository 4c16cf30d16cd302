// The product back-end interface (POST /upload, POST /transcribe, GET /transcribe/{jobId}, the
// webhook deliveries) end to end, on one fleet of every service but shares and ai-proxy, with the
// real worker, started once for the group. It walks:
// - a job with a webhook (product/webhooks.ts): a multipart upload transcribed to JSON, its
//   delivery refused once and retried, signed, listed and sent again on request, the job the same
//   job in the main interface; a signed form's upload verified when a job starts on it,
//   transcribed to SRT, delivered with a Standard Webhooks signature;
// - other sources (product/sources.ts): a remote audio_url fetched by the platform, its job
//   cancelled while it runs and delivered as transcription.cancelled; an inline file read back.
// Refusals and limits branch by branch are tested by the gateway's route tests (services/gateway/
// test/product-*.test.ts) and the services' own (media, jobs, webhook-dispatcher); the deliveries
// when things go wrong by product-delivery.faults.test.ts (`make faults`).
import { describe } from 'node:test';
import { productSourceTests } from './product/sources.ts';
import { productWebhookTests } from './product/webhooks.ts';
import { useProductFleet } from './support/product.ts';

useProductFleet({ without: ['ai-proxy'] });

// Each test has its own receiver and jobs: the two groups run side by side.
describe('the product back-end interface', { concurrency: true }, () => {
  productWebhookTests();
  productSourceTests();
});
