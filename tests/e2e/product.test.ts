// The product back-end interface (POST /upload, POST /transcribe, GET /transcribe/{jobId}, the
// webhook deliveries) end to end, on one fleet of every service but shares and ai-proxy, with the
// real worker, started once for the group. It walks:
// - a job with a webhook (product/webhooks.ts): a multipart upload transcribed to JSON, its
//   delivery refused once and retried, signed, listed and sent again on request, the job the same
//   job in the main interface; a signed form's upload verified when a job starts on it,
//   transcribed to SRT, delivered with a Standard Webhooks signature;
// - other sources and a cancel (product/sources.ts): a remote audio_url fetched by the platform and
//   transcribed to text; an inline file read back; a long recording's job cancelled while it runs,
//   delivered as transcription.cancelled.
// Refusals and limits branch by branch are tested by the gateway's route tests (services/gateway/
// test/product-*.test.ts) and the services' own (media, jobs, webhook-dispatcher); the deliveries
// when things go wrong by product-delivery.faults.test.ts (`make faults`).
import { describe } from 'node:test';
import { productSourceTests } from './product/sources.ts';
import { productWebhookTests } from './product/webhooks.ts';
import { useProductFleet } from './support/product.ts';

// POST /transcribe on a remote or form file waits for media's verification (COMPLETE_WAIT_MS, 3 s by
// default) before jobs refuses it as media_not_ready: time enough for a short recording, unless the
// machine is busy.
useProductFleet({ without: ['ai-proxy'], mediaEnv: { COMPLETE_WAIT_MS: '20000' } });

// Each test has its own receiver and jobs: the two groups run side by side.
describe('the product back-end interface', { concurrency: true }, () => {
  productWebhookTests();
  productSourceTests();
});
