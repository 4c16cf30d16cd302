import createFetchClient, { type Middleware } from 'openapi-fetch';
import { apiErrorOf } from './errors.ts';
import { ENVELOPED, IDEMPOTENCY_KEYED } from './generated/operations.ts';
import type { paths } from './generated/schema.ts';
import { type WaitForJobOptions, waitForJob } from './jobs.ts';
import type { Job, MediaAsset } from './models.ts';
import { type ItemOf, type ListPath, paginate } from './pagination.ts';
import { type Fetch, type RetryOptions, retryingFetch, retryPolicy } from './retry.ts';
import type { InitArg, Method, PathsWith, RequestInit, ResponseOf, Send } from './types.ts';
import { type UploadFileInput, uploadFile } from './uploads.ts';

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
  /** The items of a list operation, page after page: `for await (const job of client.paginate('/api/v1/jobs'))`. */
  paginate<P extends ListPath>(
    path: P,
    ...init: InitArg<RequestInit<P, 'get'>>
  ): AsyncGenerator<ItemOf<P>, void, undefined>;
  /** Uploads a file (session, PUT to the signed URL with progress, completion) and answers the ready media. */
  uploadFile(input: UploadFileInput): Promise<MediaAsset>;
  /** Reads a job, with growing pauses, until it has ended (succeeded, failed, cancelled). */
  waitForJob(jobId: string, options?: WaitForJobOptions): Promise<Job>;
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
  const policy = retryPolicy(options.retry);
  const fetch = retryingFetch(authenticated, policy);
  const raw = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch,
    ...(options.headers ? { headers: options.headers } : {}),
  });
  raw.use(idempotencyKeys);
  const send: Send = async (method, path, init) => {
    const answer = await raw.request(method, path as never, { ...init, parseAs: 'stream' } as never);
    if (!answer.response.ok) throw apiErrorOf(answer.response, answer.error);
    return { body: await bodyOf(answer.response), response: answer.response };
  };
  const operation = <M extends Method>(method: M): Operation<M> =>
    (async (path: string, init?: object) => {
      const { body } = await send(method, path, init);
      return ENVELOPED.has(`${method.toUpperCase()} ${path}`) ? (body as { data: unknown }).data : body;
    }) as Operation<M>;
  const client: Client = {
    GET: operation('get'),
    POST: operation('post'),
    PUT: operation('put'),
    PATCH: operation('patch'),
    DELETE: operation('delete'),
    options,
    fetch,
    paginate: (path, ...init) => paginate(send, path, init[0]),
    uploadFile: (input) =>
      uploadFile({ send, fetch: retryingFetch(baseFetch, policy), baseUrl: options.baseUrl, policy }, input),
    waitForJob: (jobId, waitOptions) =>
      waitForJob(
        (job_id, signal) =>
          client.GET('/api/v1/jobs/{job_id}', { params: { path: { job_id } }, ...(signal ? { signal } : {}) }),
        jobId,
        waitOptions,
      ),
  };
  return client;
}

/** The body of a success: JSON parsed, else text; undefined when there is none. */
async function bodyOf(response: Response): Promise<unknown> {
  const text = response.bodyUsed ? '' : await response.text();
  if (text === '') return undefined;
  return /[/+]json\b/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text;
}
