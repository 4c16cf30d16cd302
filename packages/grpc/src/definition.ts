import type { Metadata } from '@grpc/grpc-js';
import type { VerifiedCaller } from '@tp/identity';

/** The serializers of one method of a ts-proto definition, whatever its kind. */
// biome-ignore lint/suspicious/noExplicitAny: a method of unknown message types must accept every concrete one (unknown would not, by variance)
interface MethodCodec<Req = any, Res = any> {
  readonly path: string;
  readonly requestSerialize: (value: Req) => Buffer;
  readonly requestDeserialize: (bytes: Buffer) => Req;
  readonly responseSerialize: (value: Res) => Buffer;
  readonly responseDeserialize: (bytes: Buffer) => Res;
}

/** One unary method as ts-proto (outputServices=grpc-js) describes it. */
// biome-ignore lint/suspicious/noExplicitAny: as MethodCodec
export interface UnaryMethod<Req = any, Res = any> extends MethodCodec<Req, Res> {
  readonly requestStream: false;
  readonly responseStream: false;
}

/** A ts-proto `XxxServiceService` object of unary methods (or a hand-written one of the same shape). */
export type UnaryServiceDefinition = Readonly<Record<string, UnaryMethod>>;

/** One server-streaming method (one request, a stream of responses); client streams are not supported. */
// biome-ignore lint/suspicious/noExplicitAny: as MethodCodec
export interface ServerStreamMethod<Req = any, Res = any> extends MethodCodec<Req, Res> {
  readonly requestStream: false;
  readonly responseStream: true;
}

/** A service whose methods all stream their responses (added with `GrpcServer.addStreaming`). */
export type StreamServiceDefinition = Readonly<Record<string, ServerStreamMethod>>;

/** Any service definition an allow-list may be declared for. */
export type AnyServiceDefinition = UnaryServiceDefinition | StreamServiceDefinition;

// biome-ignore lint/suspicious/noExplicitAny: matches any response type
export type RequestOf<M> = M extends UnaryMethod<infer Req, any> | ServerStreamMethod<infer Req, any> ? Req : never;
// biome-ignore lint/suspicious/noExplicitAny: matches any request type
export type ResponseOf<M> = M extends UnaryMethod<any, infer Res> | ServerStreamMethod<any, infer Res> ? Res : never;

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

/**
 * A server-streaming handler: `send` writes one response and resolves once the transport takes
 * more (backpressure); the call ends when the handler resolves, or fails with what it throws.
 */
export type StreamHandler<M> = (
  request: RequestOf<M>,
  ctx: CallContext,
  send: (message: ResponseOf<M>) => Promise<void>,
) => Promise<void>;

export type StreamHandlers<D extends StreamServiceDefinition> = { [K in keyof D]: StreamHandler<D[K]> };

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
  /** The job grant the call acts under (the worker's, from jobs), for a method whose rule asks for one. */
  grant?: string;
}

export type ClientMethods<D extends UnaryServiceDefinition> = {
  [K in keyof D]: (request: RequestOf<D[K]>, opts?: CallOptions) => Promise<ResponseOf<D[K]>>;
};

/** "/pkg.Service/Method" → ["pkg.Service", "Method"]. */
export function splitPath(path: string): [service: string, method: string] {
  const slash = path.lastIndexOf('/');
  return [path.slice(1, slash), path.slice(slash + 1)];
}
