import type { Metadata } from '@grpc/grpc-js';
import type { VerifiedCaller } from '@tp/identity';

/**
 * One unary method as ts-proto (outputServices=grpc-js) describes it. Only unary RPCs are
 * supported: a definition with a streaming method does not satisfy this type.
 */
// biome-ignore lint/suspicious/noExplicitAny: a method of unknown message types must accept every concrete one (unknown would not, by variance)
export interface UnaryMethod<Req = any, Res = any> {
  readonly path: string;
  readonly requestStream: false;
  readonly responseStream: false;
  readonly requestSerialize: (value: Req) => Buffer;
  readonly requestDeserialize: (bytes: Buffer) => Req;
  readonly responseSerialize: (value: Res) => Buffer;
  readonly responseDeserialize: (bytes: Buffer) => Res;
}

/** A ts-proto `XxxServiceService` object (or a hand-written one of the same shape). */
export type UnaryServiceDefinition = Readonly<Record<string, UnaryMethod>>;

// biome-ignore lint/suspicious/noExplicitAny: matches any response type
export type RequestOf<M> = M extends UnaryMethod<infer Req, any> ? Req : never;
// biome-ignore lint/suspicious/noExplicitAny: matches any request type
export type ResponseOf<M> = M extends UnaryMethod<any, infer Res> ? Res : never;

/** What a handler learns about its call besides the request. */
export interface CallContext {
  metadata: Metadata;
  requestId: string;
  /** When the caller gives up; undefined when it set no deadline. */
  deadline: Date | undefined;
  peer: string;
  /** Aborts when the call is cancelled: client gone, deadline passed or server forced down. */
  signal: AbortSignal;
  /** The verified calling service (and the user it acts for); null on a service without identity checks. */
  caller: VerifiedCaller | null;
}

export type UnaryHandler<M> = (request: RequestOf<M>, ctx: CallContext) => Promise<ResponseOf<M>>;

/** One handler per method name of the definition (camelCase, as ts-proto names them). */
export type ServiceHandlers<D extends UnaryServiceDefinition> = { [K in keyof D]: UnaryHandler<D[K]> };

export interface CallOptions {
  /** Overrides the client's default deadline for this call. */
  deadlineMs?: number;
  /** Extra metadata to send; the request id and trace context are added to a copy. */
  metadata?: Metadata;
  /**
   * The user this call acts for: the `sub` of its service token, which the server holds the
   * request's user id to. Default: the user of the enclosing `onBehalfOf` scope.
   */
  user?: string;
}

export type ClientMethods<D extends UnaryServiceDefinition> = {
  [K in keyof D]: (request: RequestOf<D[K]>, opts?: CallOptions) => Promise<ResponseOf<D[K]>>;
};

/** "/pkg.Service/Method" → ["pkg.Service", "Method"]. */
export function splitPath(path: string): [service: string, method: string] {
  const slash = path.lastIndexOf('/');
  return [path.slice(1, slash), path.slice(slash + 1)];
}
