import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { createClient, createGrpcServer, type GrpcServer, type UnaryMethod } from '@tp/grpc';
import { createLogger } from '@tp/logging';
import { testPki } from '@tp/testing';
import {
  currentTraceId,
  currentTraceparent,
  extractContext,
  injectContext,
  InMemorySpanExporter,
  runInContext,
  SpanKind,
  startTelemetry,
  storedTraceParent,
  withIncomingHttpSpan,
  withSpan,
  type Telemetry,
} from './index.ts';

const json = <T>(): Pick<
  UnaryMethod<T, T>,
  'requestSerialize' | 'requestDeserialize' | 'responseSerialize' | 'responseDeserialize'
> => ({
  requestSerialize: (v) => Buffer.from(JSON.stringify(v)),
  requestDeserialize: (b) => JSON.parse(b.toString()) as T,
  responseSerialize: (v) => Buffer.from(JSON.stringify(v)),
  responseDeserialize: (b) => JSON.parse(b.toString()) as T,
});

const PingService = {
  ping: {
    path: '/test.v1.PingService/Ping',
    requestStream: false,
    responseStream: false,
    ...json<{ traceId: string }>(),
  },
} as const;

const exporter = new InMemorySpanExporter();
let telemetry: Telemetry;
let grpcServer: GrpcServer;
let httpServer: Server;
let httpUrl: string;
let closePing: () => void;

before(async () => {
  telemetry = startTelemetry({ serviceName: 'telemetry-test', exporter });
  const log = createLogger({ service: 'telemetry-test', level: 'silent' });
  grpcServer = createGrpcServer({ log, tls: testPki().tls('billing') });
  // The handler answers with the trace id it sees, so the test can compare both sides.
  grpcServer.add(PingService, { ping: async () => ({ traceId: currentTraceId() ?? '' }) });
  const grpcAddress = `127.0.0.1:${await grpcServer.listen('127.0.0.1', 0)}`;
  const ping = createClient(PingService, grpcAddress, {
    defaultDeadlineMs: 30_000,
    tls: testPki().tls('gateway'),
    serverName: 'billing',
  });

  httpServer = createServer((req, res) => {
    void withIncomingHttpSpan(
      req.headers,
      { name: `${req.method} /ping`, attributes: { 'http.request.method': req.method ?? '' } },
      async (span) => {
        const answer = await ping.ping({ traceId: '' });
        span.setAttribute('http.response.status_code', 200);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ httpTraceId: currentTraceId(), grpcTraceId: answer.traceId }));
      },
    );
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  httpUrl = `http://127.0.0.1:${(httpServer.address() as { port: number }).port}/ping`;
  closePing = () => ping.close();
});

after(async () => {
  closePing();
  await new Promise((resolve) => httpServer.close(resolve));
  await grpcServer.shutdown(100);
  await telemetry.shutdown();
});

beforeEach(() => exporter.reset());

/** Span ends are reported asynchronously to the request; wait until all three are in (the deadline is only a bound for a broken exporter). */
async function finishedSpans(count: number) {
  const until = Date.now() + 30_000;
  while (exporter.getFinishedSpans().length < count) {
    if (Date.now() > until) assert.fail(`expected ${count} spans, got ${exporter.getFinishedSpans().length}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const spans = exporter.getFinishedSpans();
  const byKind = (kind: SpanKind, name: RegExp) => {
    const span = spans.find((s) => s.kind === kind && name.test(s.name));
    assert.ok(span, `no ${SpanKind[kind]} span ${name}`);
    return span;
  };
  return {
    http: byKind(SpanKind.SERVER, /\/ping$/),
    client: byKind(SpanKind.CLIENT, /PingService\/Ping$/),
    server: byKind(SpanKind.SERVER, /PingService\/Ping$/),
  };
}

describe('one trace across HTTP and gRPC', () => {
  it('joins the HTTP span, the gRPC client call and the gRPC server span', async () => {
    const res = await fetch(httpUrl);
    const body = (await res.json()) as { httpTraceId: string; grpcTraceId: string };
    const { http, client, server } = await finishedSpans(3);

    const traceId = http.spanContext().traceId;
    assert.match(traceId, /^[0-9a-f]{32}$/);
    assert.equal(client.spanContext().traceId, traceId);
    assert.equal(server.spanContext().traceId, traceId);
    assert.equal(body.httpTraceId, traceId);
    assert.equal(body.grpcTraceId, traceId, 'the handler runs inside the server span');

    assert.equal(http.parentSpanContext, undefined, 'no caller trace: the HTTP span is the root');
    assert.equal(client.parentSpanContext?.spanId, http.spanContext().spanId);
    assert.equal(
      server.parentSpanContext?.spanId,
      client.spanContext().spanId,
      "the server span's parent is the client span",
    );
    assert.equal(server.parentSpanContext?.isRemote, true);
    assert.equal(server.attributes['rpc.system'], 'grpc');
    assert.equal(server.attributes['rpc.method'], 'Ping');
    assert.equal(http.attributes['http.response.status_code'], 200);
    assert.equal(http.resource.attributes['service.name'], 'telemetry-test');
  });

  it('continues a traceparent sent by the caller', async () => {
    const callerTraceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpanId = '00f067aa0ba902b7';
    const res = await fetch(httpUrl, { headers: { traceparent: `00-${callerTraceId}-${callerSpanId}-01` } });
    assert.equal(((await res.json()) as { grpcTraceId: string }).grpcTraceId, callerTraceId);
    const { http, client, server } = await finishedSpans(3);
    assert.equal(http.spanContext().traceId, callerTraceId);
    assert.equal(http.parentSpanContext?.spanId, callerSpanId);
    assert.equal(http.parentSpanContext?.isRemote, true);
    assert.equal(client.spanContext().traceId, callerTraceId);
    assert.equal(server.spanContext().traceId, callerTraceId);
  });

  it('starts a fresh trace when the traceparent is malformed', async () => {
    const res = await fetch(httpUrl, { headers: { traceparent: '00-not-a-trace-01' } });
    assert.equal(res.status, 200);
    const { http } = await finishedSpans(3);
    assert.equal(http.parentSpanContext, undefined);
  });
});

describe('header-map propagation', () => {
  it('injects the active context and extracts it on the other side (as over NATS headers)', () => {
    const headers = withSpan('publish', { kind: SpanKind.PRODUCER }, () => injectContext({} as Record<string, string>));
    assert.match(headers.traceparent ?? '', /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    const [producer] = exporter.getFinishedSpans();
    assert.ok(producer);

    const consumerTraceId = withSpan('consume', { kind: SpanKind.CONSUMER, parent: extractContext(headers) }, () =>
      currentTraceId(),
    );
    assert.equal(consumerTraceId, producer.spanContext().traceId);
    assert.equal(
      runInContext(extractContext(headers), () => currentTraceId()),
      producer.spanContext().traceId,
    );
  });

  it('injects nothing outside a span and reports no trace id', () => {
    assert.deepEqual(injectContext({}), {});
    assert.equal(currentTraceId(), undefined);
  });

  it('reads carriers that are not plain maps through a getter', () => {
    const headers = withSpan('publish', {}, () =>
      injectContext(new Map<string, string>(), { set: (c, k, v) => void c.set(k, v) }),
    );
    const ctx = extractContext(headers, { keys: (c) => [...c.keys()], get: (c, k) => c.get(k) });
    assert.equal(
      runInContext(ctx, () => currentTraceId()),
      exporter.getFinishedSpans()[0]?.spanContext().traceId,
    );
  });

  it('marks a span as an error when its function throws or rejects, and still ends it', async () => {
    assert.throws(
      () =>
        withSpan('sync', {}, () => {
          throw new Error('boom');
        }),
      /boom/,
    );
    await assert.rejects(
      withSpan('async', {}, async () => {
        throw new Error('later');
      }),
      /later/,
    );
    const spans = exporter.getFinishedSpans();
    assert.deepEqual(
      spans.map((s) => [s.name, s.status.code, s.status.message]),
      [
        ['sync', 2, 'boom'],
        ['async', 2, 'later'],
      ],
    );
    assert.equal(spans[0]?.events[0]?.name, 'exception');
  });

  it('returns the running provider when started twice', () => {
    assert.equal(startTelemetry({ serviceName: 'other' }), telemetry);
  });
});

describe('a stored traceparent (a record created in one request, worked on in another)', () => {
  const created = () => withSpan('create', {}, () => currentTraceparent());

  it('runs the work in the stored trace, linked to the trace it arrived in', () => {
    const stored = created();
    assert.match(stored ?? '', /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    exporter.reset();
    withSpan('deliver', { kind: SpanKind.CONSUMER }, () =>
      withSpan('work', storedTraceParent(stored), () => undefined),
    );
    const [work, deliver] = exporter.getFinishedSpans();
    assert.equal(work?.name, 'work');
    assert.equal(work.spanContext().traceId, stored?.split('-')[1]);
    assert.equal(work.parentSpanContext?.spanId, stored?.split('-')[2]);
    assert.notEqual(deliver?.spanContext().traceId, stored?.split('-')[1]);
    assert.equal(work.links[0]?.context.spanId, deliver?.spanContext().spanId, 'linked to the delivery');
  });

  it('keeps the active parent when it is already the stored trace, and ignores a missing or malformed one', () => {
    const stored = created();
    const parent = extractContext({ traceparent: stored ?? '' });
    assert.deepEqual(
      withSpan('deliver', { parent }, () => storedTraceParent(stored)),
      {},
    );
    assert.deepEqual(storedTraceParent(undefined), {});
    assert.deepEqual(storedTraceParent('00-not-a-trace-01'), {});
    assert.ok(storedTraceParent(stored).parent, 'outside any span: the stored trace');
    assert.equal(currentTraceparent(), undefined, 'no active span, no traceparent');
  });
});
