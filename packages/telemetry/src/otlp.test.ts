import { it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { startTelemetry, tracesUrl, withSpan } from './index.ts';

it('builds the traces URL from the OTLP base endpoint', () => {
  assert.equal(tracesUrl('http://collector:4318'), 'http://collector:4318/v1/traces');
  assert.equal(tracesUrl('http://collector:4318/'), 'http://collector:4318/v1/traces');
  assert.equal(tracesUrl('http://collector:4318/v1/traces'), 'http://collector:4318/v1/traces');
});

// Its own file: one tracer provider per process, and this one exports over HTTP.
it('sends finished spans to an OTLP/HTTP receiver and flushes them on shutdown', async () => {
  const received: { url: string | undefined; contentType: string | undefined; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ url: req.url, contentType: req.headers['content-type'], body });
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = receiver.address() as { port: number };
    const telemetry = startTelemetry({ serviceName: 'otlp-test', otlpEndpoint: `http://127.0.0.1:${port}` });
    const traceId = withSpan('exported-span', {}, (span) => span.spanContext().traceId);
    await telemetry.shutdown();

    assert.equal(received.length, 1);
    const [request] = received;
    assert.equal(request?.url, '/v1/traces');
    assert.match(request?.contentType ?? '', /application\/json/);
    const payload = JSON.parse(request?.body ?? '{}') as {
      resourceSpans: {
        resource: { attributes: { key: string; value: { stringValue?: string } }[] };
        scopeSpans: { spans: { name: string; traceId: string }[] }[];
      }[];
    };
    const [resourceSpans] = payload.resourceSpans;
    assert.ok(resourceSpans);
    assert.ok(
      resourceSpans.resource.attributes.some((a) => a.key === 'service.name' && a.value.stringValue === 'otlp-test'),
    );
    const span = resourceSpans.scopeSpans.flatMap((s) => s.spans).find((s) => s.name === 'exported-span');
    assert.ok(span, 'the span was exported');
    assert.equal(span.traceId, traceId);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
