// One job, one trace: a caller's traceparent on POST /api/v1/jobs is continued by the gateway,
// jobs (CreateJob, and the work ticket its outbox publishes later with the context stored in the
// row's headers), the worker that takes the ticket from NATS and runs the job, and artifacts, where
// the worker stores the transcript. Every service exports its spans over OTLP/HTTP to a receiver
// on loopback (OTEL_EXPORTER_OTLP_ENDPOINT, as the chart sets it), and the test reads them there.
// A fleet of its own: every process exporting spans, and one job at a time per user
// (PLAN_MAX_CONCURRENT_JOBS=1), would change what the jobs, account and operator fleets count and queue.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, startFleet, synthesizeSpeech, UNREACHED_RATE_LIMITS, type Fleet } from '@tp/testing';
import { createJob, createUser, transcribe, uploadMedia, waitForJob } from './support/jobs.ts';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './support/otlp-receiver.ts';

const INTERNAL = 1;
const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

let fleet: Fleet;
let receiver: OtlpReceiver;
let dir: string;
let speech: string;

before(async () => {
  receiver = await startOtlpReceiver();
  // The chart's one value, here for every process of the fleet; batches leave every 200 ms.
  const tracing = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '200' };
  fleet = await startFleet({
    without: ['shares'],
    gatewayEnv: { ...UNREACHED_RATE_LIMITS, ...tracing },
    accountsEnv: tracing,
    // One job at a time per user: a second job waits, and the end of the first releases its ticket.
    billingEnv: { ...tracing, PLAN_MAX_CONCURRENT_JOBS: '1' },
    mediaEnv: tracing,
    jobsEnv: tracing,
    workerEnv: tracing,
    artifactsEnv: tracing,
    webhookDispatcherEnv: tracing,
    aiProxyEnv: tracing,
  });
  dir = await mkdtemp(join(tmpdir(), 'tp-e2e-job-trace-'));
  speech = await synthesizeSpeech('One trace follows this job from the request to the artifact.', {
    voice: 'rms',
    dir,
  });
});

after(async () => {
  await fleet?.stop();
  await receiver?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The spans of the trace so far, and what is missing from a complete, connected job trace. */
function traceOf(traceId: string, callerSpanId: string, jobId: string) {
  const spans = receiver.spans.filter((s) => s.traceId === traceId);
  const find = (service: string, kind: number, name: RegExp, attribute?: [string, string]) =>
    spans.find(
      (s) =>
        s.service === service &&
        s.kind === kind &&
        name.test(s.name) &&
        (!attribute || s.attributes[attribute[0]] === attribute[1]),
    );
  const expected: Record<string, ReceivedSpan | undefined> = {
    'gateway POST /api/v1/jobs': find('gateway', SERVER, /^POST \/api\/v1\/jobs$/),
    'jobs CreateJob': find('jobs', SERVER, /JobsService\/CreateJob$/),
    'jobs outbox send of the work ticket': find('jobs', PRODUCER, /^send work\.transcription\./),
    'worker ticket delivery': find('worker', CONSUMER, /^process work\.transcription\./),
    'worker ClaimJob call': find('worker', CLIENT, /JobsService\/ClaimJob$/),
    'worker run job': find('worker', INTERNAL, /^run job$/, ['job.id', jobId]),
    'worker artifact write': find('worker', CLIENT, /ArtifactsService\//),
    'artifacts server span': find('artifacts', SERVER, /ArtifactsService\//),
    'jobs CompleteJob': find('jobs', SERVER, /JobsService\/CompleteJob$/),
  };
  const missing = Object.entries(expected)
    .filter(([, span]) => !span)
    .map(([what]) => what);
  // Connected: every span's parent is one of the trace's spans, or the caller's span for the root.
  const ids = new Set(spans.map((s) => s.spanId));
  const orphans = spans.filter((s) => s.parentSpanId !== callerSpanId && !ids.has(s.parentSpanId));
  return { spans, expected, missing, orphans };
}

describe('one trace per job, across gRPC and NATS', () => {
  it("continues the caller's traceparent from the gateway through jobs, the queue and the worker to artifacts", async () => {
    const user = await createUser(fleet, 'tracy', '10');
    const mediaId = await uploadMedia(fleet, user.token, speech);
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const callerSpanId = 'b7ad6b7169203331';
    const created = await createJob(fleet, user.token, transcribe(mediaId), {
      traceparent: `00-${traceId}-${callerSpanId}-01`,
    });
    assert.equal(created.status, 202, created.text);
    const jobId = created.body.data.job_id as string;
    const job = await waitForJob(fleet, user.token, jobId);
    assert.equal(job.status, 'succeeded', JSON.stringify(job));

    let state = traceOf(traceId, callerSpanId, jobId);
    await eventually('the spans of the job in the receiver', () => {
      state = traceOf(traceId, callerSpanId, jobId);
      return state.missing.length === 0 && state.orphans.length === 0;
    }).catch(() => undefined);
    const listing = state.spans.map((s) => `${s.service} ${s.kind} ${s.name} ${s.spanId}<-${s.parentSpanId}`);
    assert.deepEqual(state.missing, [], `missing spans; received of the trace:\n${listing.join('\n')}`);
    assert.deepEqual(
      state.orphans.map((s) => `${s.service} ${s.name}`),
      [],
      `spans whose parent is not in the trace:\n${listing.join('\n')}\nrefused: ${receiver.refused.join('; ')}`,
    );
    const { expected } = state;
    assert.equal(expected['gateway POST /api/v1/jobs']?.parentSpanId, callerSpanId, "the caller's span is the parent");
    // The queue hop: the worker's CONSUMER span is the child of jobs' PRODUCER span, across NATS.
    assert.equal(
      expected['worker ticket delivery']?.parentSpanId,
      expected['jobs outbox send of the work ticket']?.spanId,
    );
    assert.equal(expected['worker run job']?.parentSpanId, expected['worker ticket delivery']?.spanId);
    // Every process exported to the one endpoint: no service left out of the trace it took part in.
    const services = new Set(state.spans.map((s) => s.service));
    for (const service of ['gateway', 'jobs', 'worker', 'artifacts'])
      assert.ok(services.has(service), `${service} in ${[...services].join(', ')}`);
  });

  it("runs a job released by another job's end in the trace of the request that created it", async () => {
    const user = await createUser(fleet, 'waits', '10');
    const mediaId = await uploadMedia(fleet, user.token, speech);
    const callers = ['1', '2'].map((n) => ({ traceId: n.repeat(32), spanId: n.repeat(16) }));
    const jobIds: string[] = [];
    for (const caller of callers) {
      const created = await createJob(fleet, user.token, transcribe(mediaId), {
        traceparent: `00-${caller.traceId}-${caller.spanId}-01`,
      });
      assert.equal(created.status, 202, created.text);
      jobIds.push(created.body.data.job_id as string);
    }
    for (const jobId of jobIds) assert.equal((await waitForJob(fleet, user.token, jobId)).status, 'succeeded');

    // Whichever ticket ran which job (the queue binds its head), each job ran in its own trace, and
    // the one that came by a ticket of the other's trace is linked to that delivery.
    const runs = () =>
      receiver.spans.filter((s) => s.name === 'run job' && jobIds.includes(String(s.attributes['job.id'])));
    await eventually('both jobs run and stored', () => {
      const stored = (traceId: string) =>
        receiver.spans.some((s) => s.traceId === traceId && s.service === 'artifacts' && s.kind === SERVER);
      return runs().length === 2 && callers.every((c) => stored(c.traceId));
    }).catch(() => undefined);
    const listing = receiver.spans
      .filter((s) => callers.some((c) => c.traceId === s.traceId))
      .map((s) => `${s.traceId.slice(0, 4)} ${s.service} ${s.name} ${s.attributes['job.id'] ?? ''}`);
    assert.deepEqual(
      runs()
        .map((s) => [s.attributes['job.id'], s.traceId])
        .sort(),
      jobIds.map((id, i) => [id, callers[i]!.traceId]).sort(),
      listing.join('\n'),
    );
    for (const caller of callers)
      assert.ok(
        receiver.spans.some((s) => s.traceId === caller.traceId && s.service === 'artifacts' && s.kind === SERVER),
        `the artifact write of ${caller.traceId} in its trace:\n${listing.join('\n')}`,
      );
    const linked = runs().filter((s) => s.links.length > 0);
    assert.ok(linked.length >= 1, 'a job run by a ticket of the other trace links to the delivery');
    for (const run of linked) assert.notEqual(run.links[0]?.traceId, run.traceId);
  });
});
