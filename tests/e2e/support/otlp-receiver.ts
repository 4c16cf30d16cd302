// An OTLP/HTTP trace receiver on loopback: what the fleet's OTEL_EXPORTER_OTLP_ENDPOINT points at
// in the tracing tests. It decodes the JSON encoding of ExportTraceServiceRequest that
// @opentelemetry/exporter-trace-otlp-http sends to /v1/traces and keeps every span with the
// service.name of the process that sent it (a fake of a third-party wire protocol).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  service: string;
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  /** SPAN_KIND_* as a number (1 internal, 2 server, 3 client, 4 producer, 5 consumer). */
  kind: number;
  attributes: Record<string, string | number | boolean>;
  /** The spans this one is linked to (not its parent). */
  links: { traceId: string; spanId: string }[];
}

export interface OtlpReceiver {
  /** The base URL to set as OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Requests that were not OTLP JSON on /v1/traces, for the failure message. */
  refused: string[];
  close(): Promise<void>;
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value: AnyValue };
interface ExportRequest {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: {
      spans?: {
        name: string;
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        kind?: number;
        attributes?: KeyValue[];
        links?: { traceId: string; spanId: string }[];
      }[];
    }[];
  }[];
}

function scalarOf(v: AnyValue): string | number | boolean {
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.boolValue !== undefined) return v.boolValue;
  return v.doubleValue ?? '';
}

function attributesOf(list: KeyValue[] | undefined): Record<string, string | number | boolean> {
  return Object.fromEntries((list ?? []).map((a) => [a.key, scalarOf(a.value)]));
}

/** The spans of one export request, flattened. */
export function decodeExport(request: ExportRequest): ReceivedSpan[] {
  return (request.resourceSpans ?? []).flatMap((rs) => {
    const service = String(attributesOf(rs.resource?.attributes)['service.name'] ?? '');
    return (rs.scopeSpans ?? []).flatMap((ss) =>
      (ss.spans ?? []).map((s) => ({
        service,
        name: s.name,
        traceId: s.traceId,
        spanId: s.spanId,
        parentSpanId: s.parentSpanId ?? '',
        kind: s.kind ?? 0,
        attributes: attributesOf(s.attributes),
        links: (s.links ?? []).map((l) => ({ traceId: l.traceId, spanId: l.spanId })),
      })),
    );
  });
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const refused: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const type = req.headers['content-type'] ?? '';
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !type.includes('application/json')) {
        refused.push(`${req.method} ${req.url} ${type}`);
        res.statusCode = 415;
        res.end();
        return;
      }
      try {
        spans.push(...decodeExport(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ExportRequest));
      } catch (err) {
        refused.push(`unparsable body: ${(err as Error).message}`);
        res.statusCode = 400;
        res.end();
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    refused,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
