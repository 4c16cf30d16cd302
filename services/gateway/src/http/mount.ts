import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { z } from 'zod';
import { AppError } from '@tp/errors';
import { onBehalfOf } from '@tp/grpc';
import { currentRequestId } from '@tp/logging';
import { extractCredential } from '../auth/credentials.ts';
import type { Authenticate } from '../auth/authenticator.ts';
import type { Principal } from '../auth/principal.ts';
import type { EdgeLimits } from '../limits/edge-limits.ts';
import { unstorableTextIssues } from './storable-text.ts';
import { expressPath, FileResponse, RenderedJson, WithStatus, type Access, type AnyRoute } from './route.ts';
import { RequestValidationError, toValidationIssues, type RequestPart, type ValidationIssue } from './validation.ts';

/** Enforces a route's access declaration; returns the caller (null for public routes). */
export async function authorize(access: Access, req: Request, authenticate: Authenticate): Promise<Principal | null> {
  if (access.kind === 'public') return null;
  const credential = extractCredential(req.headers);
  if (credential === null) {
    if (access.kind === 'optional') return null;
    throw new AppError(
      'invalid_api_key',
      'Missing access token: send "Authorization: Bearer <token>" or "X-API-Key: <token>".',
    );
  }
  const principal = await authenticate(credential);
  if (access.kind === 'app_session' && principal.kind !== 'app_session') {
    throw new AppError('pat_route_not_allowed');
  }
  if (access.kind === 'scope' && !principal.scopes.has(access.scope)) {
    throw new AppError(
      'insufficient_scope',
      `This endpoint requires the ${access.scope} scope, which the token does not have.`,
      {
        required_scope: access.scope,
      },
    );
  }
  return principal;
}

function parsePart(
  part: RequestPart,
  schema: z.ZodType | undefined,
  input: unknown,
  issues: ValidationIssue[],
): unknown {
  if (!schema) return undefined;
  const unstorable = unstorableTextIssues(part, input);
  if (unstorable.length > 0) {
    issues.push(...unstorable);
    return undefined;
  }
  // reportInput lets the converter tell a missing field from a wrong one; inputs are never echoed.
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  issues.push(...toValidationIssues(part, result.error));
  return undefined;
}

/** Validates every part of the request at once, so the client sees all problems in one 422. */
function parseRequest(route: AnyRoute, req: Request) {
  const issues: ValidationIssue[] = [];
  const params = parsePart('path', route.params, req.params, issues);
  const query = parsePart('query', route.query, req.query, issues);
  const headers = parsePart('header', route.headers, req.headers, issues);
  // A streamed multipart body is the handler's to read (and check).
  const body = parsePart('body', streamsBody(route, req) ? undefined : route.body, req.body, issues);
  if (issues.length > 0) throw new RequestValidationError(issues);
  return { params, query, headers, body };
}

const JSON_TYPES = ['application/json', 'application/*+json'];

export interface MountOptions {
  authenticate: Authenticate;
  /** Rate limits around authentication (counted before a body is read). */
  limits: EdgeLimits;
  /** Largest JSON body of a route that does not say otherwise. */
  jsonLimitBytes: number;
  /**
   * Called when a caller's request of any other method than GET is done (answered or failed),
   * before its answer is sent: the read cache forgets what the caller's write may have changed.
   */
  afterWrite?: (userId: string, params: Record<string, string>) => void;
}

/** Whether the request's body is multipart/form-data (whatever its boundary). */
export function isMultipartRequest(req: Request): boolean {
  return /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');
}

/**
 * Whether the handler streams this request's body itself: a multipart route's, unless the route
 * also takes JSON and this request is not multipart (POST /upload takes both).
 */
function streamsBody(route: AnyRoute, req: Request): boolean {
  return route.multipartBody !== undefined && (route.body === undefined || isMultipartRequest(req));
}

/** A declared body larger than the route takes: refused before a byte of it is read. */
function checkDeclaredLength(req: Request, limitBytes: number): void {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limitBytes) throw new AppError('payload_too_large');
}

export function mountRoute(router: Router, route: AnyRoute, options: MountOptions): void {
  // Each route parses its own body, so one that carries documents can take more than the rest;
  // and only after the caller is known and counted, so a client cannot make us read a large body.
  const limitBytes = route.maxBodyBytes ?? options.jsonLimitBytes;
  const parseJson = express.json({ limit: limitBytes, type: JSON_TYPES });
  const admitted = { rateClass: route.rateLimit, checksCredential: route.access.kind !== 'public' };
  const authenticateCaller: RequestHandler = async (req, res, next) => {
    res.locals.principal = await options.limits.admit(req, res, admitted, () =>
      authorize(route.access, req, options.authenticate),
    );
    // A multipart upload streams its file and enforces its own limit.
    if (!streamsBody(route, req)) checkDeclaredLength(req, limitBytes);
    next();
  };
  router[route.method](expressPath(route.path), authenticateCaller, parseJson, async (req: Request, res: Response) => {
    const principal = res.locals.principal as Principal | null;
    const parsed = parseRequest(route, req);
    const handle = () => route.handler({ ...parsed, principal, requestId: currentRequestId() ?? '', req, res });
    const result = await handleFor(principal, route, req, handle, options.afterWrite);
    if (res.headersSent) return;
    if (result instanceof RenderedJson) {
      res.status(route.status).set('Content-Type', 'application/json');
      for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
      res.send(result.text);
      return;
    }
    if (result instanceof FileResponse) {
      res.status(result.status ?? route.status).type(result.contentType);
      if (result.fileName !== null) res.setHeader('Content-Disposition', contentDisposition(result.fileName));
      res.setHeader('X-Content-Type-Options', 'nosniff');
      for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
      res.send(result.content);
      return;
    }
    if (result instanceof WithStatus) {
      for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
      res.status(result.status).json({ data: result.data });
      return;
    }
    const data = result;
    if (route.status === 204) {
      res.status(204).end();
      return;
    }
    res.status(route.status).json({ data });
  });
}

/**
 * Runs the handler. Every backend call of a caller's request acts for that caller: its service
 * token names the user, and the backend refuses a request that names another (ADR 0011). A write
 * tells `afterWrite` once it is done, whatever its outcome (a failed write may have changed things).
 */
async function handleFor<T>(
  principal: Principal | null,
  route: AnyRoute,
  req: Request,
  handle: () => Promise<T>,
  afterWrite: MountOptions['afterWrite'],
): Promise<T> {
  if (!principal) return handle();
  if (route.method === 'get' || !afterWrite) return onBehalfOf(principal.userId, handle);
  try {
    return await onBehalfOf(principal.userId, handle);
  } finally {
    afterWrite(principal.userId, req.params as Record<string, string>);
  }
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Answers 405 on a known path with a method it does not serve. */
export function mountMethodNotAllowed(router: Router, routes: AnyRoute[]): void {
  const methodsByPath = new Map<string, Set<string>>();
  for (const route of routes) {
    const methods = methodsByPath.get(route.path) ?? new Set<string>();
    methods.add(route.method.toUpperCase());
    methodsByPath.set(route.path, methods);
  }
  for (const [path, methods] of methodsByPath) {
    const allow = [...methods].join(', ');
    router.all(expressPath(path), (req, res) => {
      res.setHeader('Allow', allow);
      res
        .status(405)
        .json(new AppError('method_not_allowed', `${req.method} is not allowed here; use ${allow}.`).toBody());
    });
  }
}
