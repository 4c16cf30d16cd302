// Prometheus metrics on every service's ops port (ADR 0030): each service declares the names of the
// catalogue, and a job run through the gateway moves the job, queue, NATS, credit, upload, request and
// engine metrics, read before and after from `GET /metrics` as Prometheus would.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { metricNamesOf, type MetricsService, type Scrape } from '@tp/metrics';
import { eventually, FLEET_SERVICES, scrapeMetrics } from '@tp/testing';
import { call } from '../support/http.ts';
import { createJob, transcribe, uploadMedia, waitForJob } from '../support/jobs.ts';
import { world } from './world.ts';

const scrape = (service: MetricsService): Promise<Scrape> => scrapeMetrics(world.fleet.opsUrl(service));
const CPU_QUEUE = { type: 'transcription', pool: 'cpu' };
const ORACLE = { type: 'transcription', profile: 'oracle' };
const HOLDS = { kind: 'audio' };
const CREATE_JOB = { method: 'transcription.jobs.v1.JobsService/CreateJob', code: 'OK' };

/** A value's change between two scrapes. */
const moved = (before: Scrape, after: Scrape, name: string, labels: Record<string, string> = {}) =>
  after.value(name, labels) - before.value(name, labels);

/** What the WORK stream's consumers have not acknowledged yet: not delivered, or delivered and unacknowledged. */
const workBacklog = (jobs: Scrape) =>
  jobs.value('tp_nats_consumer_pending_messages', { stream: 'WORK' }) +
  jobs.value('tp_nats_consumer_ack_pending_messages', { stream: 'WORK' });

const close = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-6, `${what}: ${actual}, expected ${expected}`);

export function metricsTests(): void {
  describe('Prometheus metrics', { concurrency: false }, () => {
    describe('every service', everyService);
    describe('a job through the fleet', jobThroughTheFleet);
  });
}

function everyService(): void {
  it('answers its process metrics and declares every name of its catalogue on its ops port', async () => {
    for (const service of FLEET_SERVICES.filter((name) => name !== 'shares')) {
      const metrics = await scrape(service);
      assert.ok(metrics.value('process_cpu_seconds_total') > 0, service);
      assert.ok(metrics.declares('nodejs_eventloop_lag_seconds'), service);
      for (const name of metricNamesOf(service)) assert.ok(metrics.declares(name), `${service} declares ${name}`);
    }
  });
}

function jobThroughTheFleet(): void {
  let before: Record<'jobs' | 'billing' | 'gateway', Scrape>;
  let queued: { job_id: string; credits_reserved: number };

  it('counts the bytes of an upload', async () => {
    const media = await scrape('media');
    await uploadMedia(world.fleet, world.ada.token, world.speech);
    const after = await scrape('media');
    assert.equal(moved(media, after, 'tp_media_upload_bytes_total', { source: 'upload' }), statSync(world.speech).size);
  });

  it('shows a job waiting while no worker runs: queue depth and age, its ticket pending in NATS, its hold', async () => {
    await world.fleet.stopService('worker');
    before = { jobs: await scrape('jobs'), billing: await scrape('billing'), gateway: await scrape('gateway') };
    assert.equal(before.jobs.value('tp_jobs_queue_depth', CPU_QUEUE), 0);
    const mediaId = await uploadMedia(world.fleet, world.ada.token, world.speech);
    const created = await createJob(world.fleet, world.ada.token, transcribe(mediaId));
    assert.equal(created.status, 202, created.text);
    queued = created.body.data;

    // The ticket is in the WORK consumer's backlog: not delivered yet, or delivered to a pull request the
    // stopped worker left open (it expires on its own), and not acknowledged.
    const jobs = await eventually('the job to wait a moment and its ticket to reach WORK', async () => {
      const now = await scrape('jobs');
      const backlog = workBacklog(now);
      return now.value('tp_jobs_queue_oldest_age_seconds', CPU_QUEUE) > 0 && backlog >= 1 && now;
    });
    assert.equal(jobs.value('tp_jobs_queue_depth', CPU_QUEUE), 1);
    assert.equal(moved(before.jobs, jobs, 'tp_jobs_created_total', ORACLE), 1);
    assert.equal(moved(before.jobs, jobs, 'tp_grpc_server_request_duration_seconds_count', CREATE_JOB), 1);
    const billing = await scrape('billing');
    close(moved(before.billing, billing, 'tp_credits_reserved_total', HOLDS), queued.credits_reserved, 'reserved');
    const gateway = await scrape('gateway');
    const posted = { method: 'POST', route: '/api/v1/jobs', status_code: '202' };
    assert.equal(moved(before.gateway, gateway, 'tp_http_server_request_duration_seconds_count', posted), 1);
  });

  it('counts a cancelled job as finished and its whole hold as released', async () => {
    const jobs = await scrape('jobs');
    const billing = await scrape('billing');
    const mediaId = await uploadMedia(world.fleet, world.ada.token, world.speech);
    const created = await createJob(world.fleet, world.ada.token, transcribe(mediaId));
    assert.equal(created.status, 202, created.text);
    const cancelled = await call(world.fleet.gatewayUrl, 'DELETE', `/api/v1/jobs/${created.body.data.job_id}`, {
      token: world.ada.token,
    });
    assert.equal(cancelled.status, 200, cancelled.text);
    const after = await eventually('the cancellation to be counted', async () => {
      const now = await scrape('jobs');
      return moved(jobs, now, 'tp_jobs_finished_total', { ...ORACLE, outcome: 'cancelled' }) === 1 && now;
    });
    assert.equal(after.value('tp_jobs_queue_depth', CPU_QUEUE), 1, 'only the first job waits');
    const released = await eventually('the hold to be released', async () => {
      const now = await scrape('billing');
      return moved(billing, now, 'tp_credits_released_total', HOLDS) > 0 && now;
    });
    close(moved(billing, released, 'tp_credits_released_total', HOLDS), created.body.data.credits_reserved, 'released');
  });

  it('runs the job once a worker is back: started, succeeded, the queue empty, the credits settled', async () => {
    await world.fleet.startService('worker');
    const job = await waitForJob(world.fleet, world.ada.token, queued.job_id);
    assert.equal(job.status, 'succeeded', JSON.stringify(job.error));
    // A ticket delivered to the stopped worker comes back after the ack wait (30 s), acknowledged then.
    const jobs = await eventually(
      'the queue and the consumer to drain',
      async () => {
        const now = await scrape('jobs');
        const drained = now.value('tp_jobs_queue_depth', CPU_QUEUE) === 0 && workBacklog(now) === 0;
        return drained && now;
      },
      90_000,
    );
    assert.equal(jobs.value('tp_jobs_queue_oldest_age_seconds', CPU_QUEUE), 0);
    assert.equal(moved(before.jobs, jobs, 'tp_jobs_started_total', ORACLE), 1);
    assert.equal(moved(before.jobs, jobs, 'tp_jobs_finished_total', { ...ORACLE, outcome: 'succeeded' }), 1);
    const billing = await eventually('the settlement to be counted', async () => {
      const now = await scrape('billing');
      return moved(before.billing, now, 'tp_credits_settled_total', HOLDS) > 0 && now;
    });
    close(moved(before.billing, billing, 'tp_credits_settled_total', HOLDS), job.credits_charged, 'settled');
    const worker = await scrape('worker');
    assert.equal(worker.value('tp_worker_engine_real_time_factor_count', { engine: 'pocketsphinx' }), 1);
    assert.ok(worker.value('tp_worker_engine_real_time_factor_sum', { engine: 'pocketsphinx' }) > 0);
  });
}
