import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { ErrorCode } from '@tp/errors';
import type { Scope } from '@tp/scopes';
import type { Principal } from '../auth/principal.ts';
import type { RouteRateClass } from '../limits/edge-limits.ts';

/**
 * Who may call a route. Declared once next to the route; the same declaration drives the
 * check at request time and the `x-required-scope` extension in /openapi.json.
 */
export type Access =
  /** No credential (e.g. sign-in, /format). */
  | { kind: 'public' }
  /** A credential is optional; when given it must be valid (e.g. /models). */
  | { kind: 'optional' }
  /** A personal access token with this scope, or an app session. */
  | { kind: 'scope'; scope: Scope }
  /** Only an app session; a personal access token gets 403 pat_route_not_allowed. */
  | { kind: 'app_session' };

/** The largest JSON body a route reads unless it says otherwise (JSON_LIMIT_BYTES overrides it). */
export const DEFAULT_JSON_LIMIT_BYTES = 1024 * 1024;

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * The caller a handler receives, by the route's access: a route that requires a credential
 * always has a principal; an optional one may have none; a public route never has one.
 */
export type PrincipalFor<A extends Access> = A['kind'] extends 'scope' | 'app_session'
  ? Principal
  : A['kind'] extends 'optional'
    ? Principal | null
    : null;

export interface HandlerContext<P, Q, B, H, C extends Principal | null = Principal | null> {
  params: P;
  query: Q;
  body: B;
  headers: H;
  principal: C;
  requestId: string;
  req: Request;
  res: Response;
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** A handler's answer with another documented status than the route's usual one (e.g. 202 beside 201). */
export class WithStatus<T = unknown> {
  readonly status: number;
  readonly data: T;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, data: T, headers: Record<string, string> = {}) {
    this.status = status;
    this.data = data;
    this.headers = headers;
  }
}

/**
 * A document answer (an export, a public page): sent as is, not inside `data`. With a file name it
 * is a download (`Content-Disposition: attachment`); without one it is shown inline.
 */
export class FileResponse {
  readonly content: string;
  readonly contentType: string;
  readonly fileName: string | null;
  readonly status: number | null;
  readonly headers: Readonly<Record<string, string>>;

  constructor(file: {
    content: string;
    contentType: string;
    fileName?: string | null;
    status?: number;
    headers?: Record<string, string>;
  }) {
    this.content = file.content;
    this.contentType = file.contentType;
    this.fileName = file.fileName ?? null;
    this.status = file.status ?? null;
    this.headers = file.headers ?? {};
  }
}

/**
 * A JSON answer already rendered: `text` is the whole body (the `{ "data": … }` envelope), sent as
 * `res.json` would send it, with these headers. The read cache keeps these (read-cache/).
 */
export class RenderedJson {
  readonly text: string;
  readonly headers: Readonly<Record<string, string>>;

  constructor(text: string, headers: Record<string, string> = {}) {
    this.text = text;
    this.headers = headers;
  }

  /** The envelope of `data`, as the route would answer it. */
  static of(data: unknown, headers: Record<string, string> = {}): RenderedJson {
    return new RenderedJson(JSON.stringify({ data }), headers);
  }
}

/** A response header as the document declares it; `required` when every answer carries it. */
export interface ResponseHeader {
  description: string;
  required?: boolean;
  schema: { type: 'string' | 'integer' };
}

/** What a route that answers files (`FileResponse`) answers, for the document. */
export interface FileResponseSpec {
  contentTypes: string[];
  description: string;
  /**
   * The body's schema by media type; a type not listed is a string, except JSON (`application/json`), which is
   * any object.
   */
  schemas?: Record<string, z.ZodType | { $ref: string }>;
  /** A download: always with `Content-Disposition: attachment` and a file name. */
  download?: boolean;
  /** Headers the answer carries besides. */
  headers?: Record<string, ResponseHeader>;
  /** A browser (`Accept: text/html`) gets a 404 page instead of the JSON error. */
  notFoundPage?: boolean;
}

export interface RouteSpec<
  A extends Access,
  PS extends z.ZodObject | undefined,
  QS extends z.ZodObject | undefined,
  BS extends z.ZodType | undefined,
  HS extends z.ZodObject | undefined,
  RS extends z.ZodType | undefined,
> {
  method: HttpMethod;
  /** OpenAPI form: `/api/v1/media/{media_id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  access: A;
  params?: PS;
  query?: QS;
  body?: BS;
  headers?: HS;
  /** Status of success; 204 means no body. */
  status: 200 | 201 | 202 | 204;
  /** Schema of `data` in the success body. */
  response?: RS;
  /** Other success statuses a handler may answer with `new WithStatus(...)`, for the OpenAPI document. */
  alternateResponses?: {
    status: 200 | 201 | 202;
    description: string;
    schema: z.ZodType;
    /** The headers the answer carries (`WithStatus`'s), for the document. */
    headers?: Record<string, ResponseHeader>;
  }[];
  /**
   * A multipart/form-data body, for the OpenAPI document only: the handler reads the stream
   * itself, so large files never sit in memory. With `body` too, the route takes either: a
   * multipart request skips `body` (the handler sees none), any other is parsed as JSON.
   */
  multipartBody?: z.ZodObject;
  /** The route answers a file (`FileResponse`) of one of these media types instead of a JSON envelope. */
  fileResponse?: FileResponseSpec;
  /** A larger JSON body limit than the gateway's default, for routes that carry documents. */
  maxBodyBytes?: number;
  /**
   * The stricter rate limit class the route is counted in, besides `token` (per credential) or
   * `anonymous` (per address, for calls without one): see limits/settings.ts.
   */
  rateLimit?: RouteRateClass;
  /** Error codes this route documents besides the ones every route has. */
  errors?: ErrorCode[];
  handler: (
    ctx: HandlerContext<Infer<PS>, Infer<QS>, Infer<BS>, Infer<HS>, PrincipalFor<A>>,
    // biome-ignore lint/suspicious/noConfusingVoidType: a route without a response schema answers 204 from a handler that returns nothing
  ) => Promise<(RS extends z.ZodType ? z.infer<RS> : void) | WithStatus | FileResponse | RenderedJson>;
}

// The registry stores routes with their generic parameters erased (their access stays readable).
// biome-ignore lint/suspicious/noExplicitAny: the registry holds routes of every schema; unknown would not accept them (variance)
export type AnyRoute = Omit<RouteSpec<any, any, any, any, any, any>, 'access'> & { access: Access };

/** Keeps the type parameters of one route while letting route lists hold them all. */
export function defineRoute<
  A extends Access,
  PS extends z.ZodObject | undefined = undefined,
  QS extends z.ZodObject | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
  HS extends z.ZodObject | undefined = undefined,
  RS extends z.ZodType | undefined = undefined,
>(spec: RouteSpec<A, PS, QS, BS, HS, RS>): AnyRoute {
  return spec as unknown as AnyRoute;
}

/** The value of `x-required-scope`: a scope, `app_session`, or null for routes without one. */
export function requiredScopeOf(access: Access): string | null {
  switch (access.kind) {
    case 'scope':
      return access.scope;
    case 'app_session':
      return 'app_session';
    default:
      return null;
  }
}

export function expressPath(openApiPath: string): string {
  return openApiPath.replace(/\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g, ':$1');
}
