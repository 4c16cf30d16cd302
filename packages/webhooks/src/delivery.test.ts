import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exampleTranscript, syntheticTranscript } from '@tp/transcript';
import { deliveryBody, type ProductJob, productJob, WEBHOOK_MAX_BODY_BYTES, type WebhookEventType } from './index.ts';
import { jobFixture, succeededJob } from './test-fixtures.ts';

const DELIVERY = 'whd_01JABCDEFGHJKMNPQRSTVWXYZ0';
const ENDED = new Date('2026-11-25T10:00:09.500Z');

const deliver = (
  job: ProductJob,
  type: WebhookEventType = 'transcription.completed',
  occurredAt: Date | string = ENDED,
) => deliveryBody({ deliveryId: DELIVERY, type, job, occurredAt });

describe('deliveryBody', () => {
  it('carries the result of a completed job, equal to the job view', () => {
    const job = productJob(succeededJob(), exampleTranscript());
    const { body, resultOmitted } = deliver(job);
    assert.equal(resultOmitted, false);
    assert.deepEqual(JSON.parse(body), {
      type: 'transcription.completed',
      delivery_id: DELIVERY,
      jobId: job.jobId,
      status: 'COMPLETED',
      occurred_at: '2026-11-25T10:00:09.500Z',
      result_omitted: false,
      result: job.result,
    });
  });

  it('carries the error of a failed job, and no result', () => {
    const job = productJob(jobFixture({ status: 'failed', errorCode: 'media_unreadable', errorMessage: 'No.' }), null);
    const { body, resultOmitted } = deliver(job, 'transcription.failed', '2026-11-25T10:00:09.500Z');
    assert.equal(resultOmitted, false);
    const { type, status, occurred_at, error, ...rest } = JSON.parse(body);
    assert.deepEqual([type, status, occurred_at], ['transcription.failed', 'FAILED', '2026-11-25T10:00:09.500Z']);
    assert.deepEqual(error, { code: 'media_unreadable', message: 'No.' });
    assert.deepEqual(rest, { delivery_id: DELIVERY, jobId: job.jobId, result_omitted: false });
  });

  it('leaves out a result that would pass 256 KiB, and says so', () => {
    const job = productJob(succeededJob(), syntheticTranscript({ segments: 2_000 }));
    assert.ok(Buffer.byteLength(JSON.stringify(job.result)) > WEBHOOK_MAX_BODY_BYTES);
    const { body, resultOmitted } = deliver(job);
    assert.equal(resultOmitted, true);
    const parsed = JSON.parse(body);
    assert.equal(parsed.result_omitted, true);
    assert.equal('result' in parsed, false);
    assert.equal(parsed.status, 'COMPLETED');
    assert.ok(Buffer.byteLength(body) < 1024);
  });

  it('counts the limit in UTF-8 bytes, inclusive', () => {
    const job = productJob(succeededJob(), exampleTranscript());
    const input = { deliveryId: DELIVERY, type: 'transcription.completed' as const, job, occurredAt: ENDED };
    const full = deliveryBody(input).body;
    assert.match(full, /¡Hola!/);
    const bytes = Buffer.byteLength(full, 'utf8');
    assert.ok(bytes > full.length, 'the body has multi-byte characters');
    assert.equal(deliveryBody(input, bytes).resultOmitted, false);
    assert.equal(deliveryBody(input, bytes - 1).resultOmitted, true);
  });
});
