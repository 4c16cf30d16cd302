// The types of operations, derived from the generated document.
import type { FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import type { paths } from './generated/schema.ts';

export type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';
/** The paths that have an operation for `method`. */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends Record<M, object> ? P : never;
}[keyof paths];
type OperationOf<P extends keyof paths, M extends Method> =
  paths[P] extends Record<M, infer Op extends Record<string | number, unknown>> ? Op : never;
/** What an operation takes: `params` (`path`, `query`, `header`), `body`, and fetch's own options (`signal`). */
export type RequestInit<P extends keyof paths, M extends Method> = MaybeOptionalInit<paths[P], M>;
export type InitArg<I> = undefined extends I ? [init?: I] : [init: I];
type SuccessBody<P extends keyof paths, M extends Method> = NonNullable<
  FetchResponse<OperationOf<P, M>, object, `${string}/${string}`>['data']
>;
/** A success body without its `{ data }` envelope; void for an operation that answers no body (204). */
export type Unwrapped<T> = [T] extends [never] ? undefined : T extends { data: infer D } ? D : T;
/** What an operation resolves to. */
export type ResponseOf<P extends keyof paths, M extends Method> = Unwrapped<SuccessBody<P, M>>;

/** One request of the document's, its answer's body parsed but not unwrapped; an error status thrown as ApiError. */
export type Send = (method: Method, path: string, init?: object) => Promise<{ body: unknown; response: Response }>;
