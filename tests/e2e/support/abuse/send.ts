// One abuse request on the wire: built from parameter values (a `Raw` is sent as written),
// sent with a bounded wait (no answer in time is a hang, and a failure), its answer checked
// against the public error shapes, and counted.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Raw, toJsonText } from './arbitraries.ts';
import type { Operation } from './openapi.ts';

export type BodyValue =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'multipart'; fields: Record<string, string>; file: { name: string; type: string; size: number } | null };

export interface AbuseRequest {
  params: Record<string, unknown>;
  query: [string, unknown][];
  headers: Record<string, string>;
  body: BodyValue;
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  // Answers are checked field by field.
  body: any;
}

/** How long one request may take before it counts as a hang. */
export const REQUEST_TIMEOUT_MS = Number(process.env.ABUSE_REQUEST_TIMEOUT_MS || 20_000);

/** What a test file sent and found; printed at its end (and written to ABUSE_REPORT_DIR when set). */
export const counts = { operations: new Set<string>(), requests: 0, serverErrors: 0, hangs: 0 };

export function reportCounts(file: string, seed?: number): string {
  const line =
    `abuse ${file}: ${counts.operations.size} operations, ${counts.requests} requests, ` +
    `${counts.serverErrors} 5xx, ${counts.hangs} hangs${seed === undefined ? '' : ` (ABUSE_SEED=${seed})`}`;
  const dir = process.env.ABUSE_REPORT_DIR;
  if (dir) {
    const { operations, ...rest } = counts;
    writeFileSync(join(dir, `${file}.json`), JSON.stringify({ ...rest, operations: [...operations] }));
  }
  return line;
}

const UNRESERVED = /^[A-Za-z0-9\-_.~]$/;

/** Percent-encodes a value's UTF-8 bytes; a `Raw` stays as written. */
export function encode(value: unknown): string {
  if (value instanceof Raw) return value.text;
  const s = typeof value === 'string' ? value : toJsonText(value);
  return Array.from(Buffer.from(s, 'utf8'), (byte) => {
    const c = String.fromCharCode(byte);
    return UNRESERVED.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

export function urlOf(op: Operation, req: AbuseRequest): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(req.params[name] ?? ''));
  const query = req.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  return query ? `${path}?${query}` : path;
}

function bodyOf(body: BodyValue): { payload?: string | FormData; contentType?: string } {
  switch (body.kind) {
    case 'none':
      return {};
    case 'json':
      return { payload: toJsonText(body.value), contentType: body.contentType };
    case 'raw':
      return { payload: body.text, contentType: body.contentType };
    case 'multipart': {
      const form = new FormData();
      for (const [name, value] of Object.entries(body.fields)) form.append(name, value);
      if (body.file) {
        const bytes = new Uint8Array(body.file.size).map((_, i) => (i * 31) & 0xff);
        form.append('file', new Blob([bytes], { type: body.file.type }), body.file.name);
      }
      return { payload: form };
    }
  }
}

/** A readable account of a request, for failure messages. */
export function describeRequest(op: Operation, req: AbuseRequest): string {
  const body = bodyOf(req.body).payload;
  const shown = typeof body === 'string' ? body.slice(0, 600) : body ? JSON.stringify(req.body).slice(0, 600) : '';
  return `${op.method} ${urlOf(op, req)}\nheaders: ${JSON.stringify(req.headers)}\nbody: ${JSON.stringify(shown)}`;
}

export async function send(gatewayUrl: string, op: Operation, req: AbuseRequest): Promise<Answer> {
  const { payload, contentType } = bodyOf(req.body);
  const headers: Record<string, string> = { ...req.headers };
  if (contentType) headers['content-type'] = contentType;
  counts.requests++;
  counts.operations.add(`${op.method} ${op.path}`);
  let res: Response;
  try {
    res = await fetch(`${gatewayUrl}${urlOf(op, req)}`, {
      method: op.method,
      headers,
      body: payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') {
      counts.hangs++;
      throw new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms (a hang) to\n${describeRequest(op, req)}`);
    }
    throw new Error(`the request failed (${(err as Error).message}):\n${describeRequest(op, req)}`);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {}
  if (res.status >= 500) counts.serverErrors++;
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, body };
}

/** A 4xx in JSON is the validation body (`detail: [{loc, msg, type}]`) or the error envelope (`detail.code`). */
export function isPublicErrorShape(answer: Answer): boolean {
  const detail = answer.body?.detail;
  if (Array.isArray(detail))
    return (
      detail.length > 0 &&
      detail.every(
        (d) => Array.isArray(d?.loc) && typeof d.msg === 'string' && typeof d.type === 'string' && d.loc.length > 0,
      )
    );
  return typeof detail?.code === 'string' && typeof detail.message === 'string';
}

/** Never a 5xx; an error in JSON has one of the public shapes. */
export function checkAnswer(op: Operation, req: AbuseRequest, answer: Answer): void {
  const where = () => `${describeRequest(op, req)}\nanswer: ${answer.status} ${answer.text.slice(0, 600)}`;
  if (answer.status >= 500) throw new Error(`${answer.status} to\n${where()}`);
  if (answer.status >= 400 && answer.contentType.includes('json') && !isPublicErrorShape(answer))
    throw new Error(`an error without the public error shape:\n${where()}`);
}
