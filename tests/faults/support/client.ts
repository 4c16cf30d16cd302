// The driver's HTTP client: one call to the gateway as a client makes it, and what the platform
// acknowledged (every 2xx that created something), which the invariants later find again.
import { setTimeout as sleep } from 'node:timers/promises';

export interface Answer {
  /** 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  // Bodies are read field by field.
  body: any;
  text: string;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export async function call(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: res.status, body, text };
  } catch (err) {
    return { status: 0, body: null, text: (err as Error).message };
  }
}

/** No answer, or one that says to try again (the backend is down or restarting, a request still in progress). */
export function isRetryable(answer: Answer): boolean {
  if (answer.status === 409) return answer.body?.detail?.code === 'conflict';
  return answer.status === 0 || answer.status >= 500 || answer.status === 429;
}

/**
 * Repeats `attempt` while its answer is retryable, as a client does through an outage, until
 * `withinMs` has passed; answers the last answer.
 */
export async function retrying(attempt: () => Promise<Answer>, withinMs: number): Promise<Answer> {
  const deadline = Date.now() + withinMs;
  for (let wait = 100; ; wait = Math.min(wait * 2, 2_000)) {
    const answer = await attempt();
    if (!isRetryable(answer) || Date.now() + wait > deadline) return answer;
    await sleep(wait);
  }
}

/** What the platform answered 2xx to: each must still be there once the fault is over. */
export class Acknowledged {
  /** Upload sessions answered 201; `completed` once /media/complete answered 2xx. */
  readonly media = new Map<string, { completed: boolean }>();
  /** Jobs answered 202, with the Idempotency-Key they were created under. */
  readonly jobs = new Map<string, { key: string }>();
  /** Artifact versions answered 201, with their artifact. */
  readonly versions = new Map<string, string>();
  /** Contradictions seen while driving (a key answering two jobs). */
  readonly violations: string[] = [];
  /** Answers 500 (a fault gives 502/503/504, never an unmapped error): each is a violation (ADR 0038). */
  readonly internalErrors: string[] = [];
  /** How many answers of each failing status (5xx; 0: no answer) the client got, for the report. */
  readonly failures = new Map<number, number>();
  private readonly keys = new Map<string, string>();

  job(key: string, jobId: string): void {
    const earlier = this.keys.get(key);
    if (earlier && earlier !== jobId)
      this.violations.push(`Idempotency-Key ${key} answered two jobs: ${earlier} and ${jobId}`);
    this.keys.set(key, jobId);
    this.jobs.set(jobId, { key });
  }
}
