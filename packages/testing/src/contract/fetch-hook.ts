// Every response a test process receives through fetch from an API path (/api/…, and the product
// interface's /upload and /transcribe…) of the gateway (it answers every request with X-Request-Id;
// other servers, such as the tests' own fakes, are never asked for a document they do not have) is
// checked against the /openapi.json its origin serves:
// an undeclared status, a missing required header or a body off its schema rejects the fetch, so
// the test that received it fails, and marks the process failed, so a caller that swallows the
// error fails its file too. Installed in every test file's process by tools/dev/test-runner.ts.
import type { Contract, OpenApiDocument } from './check.ts';

/** Paths whose origin is asked for its /openapi.json; other hosts (S3, fake upstreams, receivers) are never asked. */
export const API_PATH = /^\/(api\/|upload\/?$|transcribe(\/|$))/;

/** Whether a response to `path` is one to check: an API path, answered by a gateway (X-Request-Id). */
export function isApiAnswer(path: string, headers: Headers): boolean {
  return API_PATH.test(path) && headers.has('x-request-id');
}

// The fetch of the process before any checker wrapped it: it loads the documents.
const plainFetch = globalThis.fetch;
const contracts = new Map<string, Promise<Contract | null>>();

/** The contract the origin serves, loaded once per process; null when it serves none (not an API of ours). */
export function cachedContract(origin: string): Promise<Contract | null> {
  let found = contracts.get(origin);
  if (!found) {
    found = loadContract(plainFetch, origin);
    contracts.set(origin, found);
    // Not reachable now (a gateway still starting, or stopped): ask again next time.
    found.catch(() => contracts.delete(origin));
  }
  return found;
}

export class ContractViolation extends Error {
  readonly problems: string[];

  constructor(problems: string[], body: string | null = null) {
    const received = body ? `\n  received: ${body.length > 400 ? `${body.slice(0, 400)}…` : body}` : '';
    super(`the response breaks /openapi.json:\n  ${problems.join('\n  ')}${received}`);
    this.name = 'ContractViolation';
    this.problems = problems;
  }
}

export interface ContractCheckerOptions {
  /**
   * Marks the process failed on a violation (process.exitCode = 1) besides rejecting the fetch, so
   * a violation whose error a caller swallowed still fails the file. Default true; the checker's
   * own tests, which cause violations on purpose, turn it off.
   */
  failProcess?: boolean;
}

export interface ContractChecker {
  /** Stops checking: fetch is the one it wrapped again. */
  uninstall(): void;
  /** The violations seen so far (also thrown to the callers that received them). */
  readonly violations: readonly string[];
}

/** Wraps globalThis.fetch with the check. */
export function installContractChecker(options: ContractCheckerOptions = {}): ContractChecker {
  const original = globalThis.fetch;
  const violations: string[] = [];

  const checked: typeof fetch = async (input, init) => {
    const response = await original(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!url.protocol.startsWith('http') || !isApiAnswer(url.pathname, response.headers)) return response;
    const contract = await cachedContract(url.origin).catch(() => null);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (!contract?.operationOf(method, url.pathname)) return response;
    const body = await readableBody(response, method);
    const problems = contract.check({
      method,
      path: url.pathname,
      status: response.status,
      headers: response.headers,
      body,
    });
    if (!problems?.length) return response;
    violations.push(...problems);
    if (options.failProcess ?? true) process.exitCode = 1;
    const violation = new ContractViolation(problems, body);
    console.error(violation.message);
    throw violation;
  };

  globalThis.fetch = checked;
  return {
    uninstall: () => {
      if (globalThis.fetch === checked) globalThis.fetch = original;
    },
    violations,
  };
}

/** The contract of the API at `baseUrl` (its /openapi.json), e.g. to check the webhooks a receiver gets. */
export async function contractOf(baseUrl: string): Promise<Contract> {
  const contract = await loadContract(fetch, new URL(baseUrl).origin);
  if (!contract) throw new Error(`${baseUrl} serves no OpenAPI 3.1 document at /openapi.json`);
  return contract;
}

/** The document the origin serves, or null when it serves none (not an API of ours). */
async function loadContract(fetchOriginal: typeof fetch, origin: string): Promise<Contract | null> {
  const response = await fetchOriginal(`${origin}/openapi.json`);
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  // Ajv loads only in processes that meet an API: most test files never do.
  const { Contract } = await import('./check.ts');
  const document = (await response.json().catch(() => null)) as OpenApiDocument | null;
  if (typeof document?.openapi !== 'string' || !document.openapi.startsWith('3.1') || !document.paths) return null;
  return new Contract(document);
}

/** The body as text, read from a clone so the caller still reads it; null for streams and HEAD. */
async function readableBody(response: Response, method: string): Promise<string | null> {
  if (method.toUpperCase() === 'HEAD' || response.body === null) return null;
  // An event stream may last as long as the caller reads it: its status and headers are checked.
  if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) return null;
  return response.clone().text();
}

const INSTALLED = Symbol.for('@tp/testing/contract-checker');

/** Installs the checker once per process (tools/dev/test-runner.ts preloads install.ts). */
export function installOnce(): ContractChecker {
  const holder = globalThis as { [INSTALLED]?: ContractChecker };
  holder[INSTALLED] ??= installContractChecker();
  return holder[INSTALLED];
}

/** The checker the process runs under, if any: a test that checks the checker takes it off first. */
export function installedContractChecker(): ContractChecker | undefined {
  return (globalThis as { [INSTALLED]?: ContractChecker })[INSTALLED];
}
