import createFetchClient, { type FetchResponse, type MaybeOptionalInit, type Middleware } from 'openapi-fetch';
import { apiErrorOf } from './errors.ts';
import { ENVELOPED, IDEMPOTENCY_KEYED } from './generated/operations.ts';
import type { paths } from './generated/schema.ts';
import { type Fetch, type RetryOptions, retryingFetch } from './retry.ts';

export type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';
/** The paths that have an operation for `method`. */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends Record<M, object> ? P : never;
}[keyof paths];
type OperationOf<P extends keyof paths, M extends Method> =
  paths[P] extends Record<M, infer Op extends Record<string | number, unknown>> ? Op : never;
/** What an operation takes: `params` (`path`, `query`, `header`), `body`, and fetch's own options (`signal`). */
export type RequestInit<P extends keyof paths, M extends Method> = MaybeOptionalInit<paths[P], M>;
type InitArg<I> = undefined extends I ? [init?: I] : [init: I];
type SuccessBody<P extends keyof paths, M extends Method> = NonNullable<
  FetchResponse<OperationOf<P, M>, object, `${string}/${string}`>['data']
>;
/** A success body without its `{ data }` envelope; void for an operation that answers no body (204). */
export type Unwrapped<T> = [T] extends [never] ? undefined : T extends { data: infer D } ? D : T;
/** What an operation resolves to. */
export type ResponseOf<P extends keyof paths, M extends Method> = Unwrapped<SuccessBody<P, M>>;

type Operation<M extends Method> = <P extends PathsWith<M>>(
  path: P,
  ...init: InitArg<RequestInit<P, M>>
) => Promise<ResponseOf<P, M>>;

export interface ClientOptions {
  /** Where the API is, e.g. `https://transcribe.example.com` (no `/api/v1`: paths carry it). */
  baseUrl: string;
  /** A personal access token (`tsk_…`) or an app session token, sent as a Bearer token. */
  token?: string;
  /** The fetch to use (default: the global one). */
  fetch?: typeof globalThis.fetch;
  /** How requests safe to repeat are retried; `false` never retries. */
  retry?: RetryOptions | false;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

/** A client of the API: one method per HTTP method, typed from the OpenAPI document, answering the unwrapped body. */
export interface Client {
  GET: Operation<'get'>;
  POST: Operation<'post'>;
  PUT: Operation<'put'>;
  PATCH: Operation<'patch'>;
  DELETE: Operation<'delete'>;
  /** The options the client was made with. */
  readonly options: Readonly<ClientOptions>;
  /** The fetch every request goes through: authentication added, retries as configured. */
  readonly fetch: Fetch;
}

/** Sends an Idempotency-Key with each operation that declares one, so it may be retried; the caller's key wins. */
const idempotencyKeys: Middleware = {
  onRequest({ request, schemaPath }) {
    if (IDEMPOTENCY_KEYED.has(`${request.method} ${schemaPath}`) && !request.headers.has('idempotency-key'))
      request.headers.set('Idempotency-Key', crypto.randomUUID());
    return request;
  },
};

export function createClient(options: ClientOptions): Client {
  const baseFetch = options.fetch ?? globalThis.fetch;
  const authenticated: Fetch = (request) => {
    if (options.token && !request.headers.has('authorization'))
      request.headers.set('Authorization', `Bearer ${options.token}`);
    return baseFetch(request);
  };
  const fetch =
    options.retry === false
      ? retryingFetch(authenticated, { maxAttempts: 1 })
      : retryingFetch(authenticated, options.retry);
  const raw = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch,
    ...(options.headers ? { headers: options.headers } : {}),
  });
  raw.use(idempotencyKeys);
  const operation = <M extends Method>(method: M): Operation<M> =>
    (async (path: string, init?: object) => {
      const answer = await raw.request(method, path as never, { ...init, parseAs: 'stream' } as never);
      if (!answer.response.ok) throw apiErrorOf(answer.response, answer.error);
      return bodyOf(answer.response, ENVELOPED.has(`${method.toUpperCase()} ${path}`));
    }) as Operation<M>;
  return {
    GET: operation('get'),
    POST: operation('post'),
    PUT: operation('put'),
    PATCH: operation('patch'),
    DELETE: operation('delete'),
    options,
    fetch,
  };
}

/** The body of a success: JSON parsed (its envelope removed where the operation has one), else text. */
async function bodyOf(response: Response, enveloped: boolean): Promise<unknown> {
  const text = response.bodyUsed ? '' : await response.text();
  if (text === '') return undefined;
  if (!/[/+]json\b/.test(response.headers.get('content-type') ?? '')) return text;
  const body = JSON.parse(text) as { data?: unknown };
  return enveloped ? body.data : body;
}
