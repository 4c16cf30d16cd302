import { performance } from 'node:perf_hooks';
import { Client, Metadata, status as GrpcStatus, type ChannelOptions } from '@grpc/grpc-js';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { fromGrpcError } from '@tp/errors';
import { currentRequestId, REQUEST_ID_HEADER, requestIdFrom, type Logger } from '@tp/logging';
import {
  splitPath,
  type CallOptions,
  type ClientMethods,
  type UnaryMethod,
  type UnaryServiceDefinition,
} from './definition.ts';
import { metadataSetter, tracer } from './propagation.ts';
import { AUTHORIZATION_METADATA, type ClientIdentity, GRANT_METADATA } from './access.ts';
import { actingUser } from './acting-user.ts';
import { channelCredentials, type GrpcTls, serverNameOption } from './tls.ts';

/** A copy of the call's metadata with the service token (ADR 0011) when the client has an identity, and the call's job grant. */
export async function signedMetadata(identity: ClientIdentity | undefined, opts: CallOptions): Promise<Metadata> {
  const metadata = opts.metadata ? opts.metadata.clone() : new Metadata();
  if (identity) {
    const token = await identity.signer.token(identity.audience, opts.user ?? actingUser());
    metadata.set(AUTHORIZATION_METADATA, `Bearer ${token}`);
  }
  if (opts.grant !== undefined) metadata.set(GRANT_METADATA, opts.grant);
  return metadata;
}

/** The channel options of a client: the service it calls (its certificate's name), message sizes, then the caller's own. */
export function channelOptionsOf(options: ClientOptions): ChannelOptions {
  const server = options.serverName ?? options.identity?.audience;
  if (!server) throw new Error('A gRPC client names the service it calls: `identity.audience` or `serverName`');
  const sizes =
    options.maxMessageBytes === undefined
      ? {}
      : {
          'grpc.max_receive_message_length': options.maxMessageBytes,
          'grpc.max_send_message_length': options.maxMessageBytes,
        };
  return { ...serverNameOption(server), ...sizes, ...options.channelOptions };
}

export interface ClientOptions {
  /** Deadline of every call unless the call gives its own. */
  defaultDeadlineMs?: number;
  log?: Logger;
  channelOptions?: ChannelOptions;
  /** Largest message sent or received (grpc-js defaults to 4 MiB received). */
  maxMessageBytes?: number;
  /** Signs every call with this service's token for the callee (ADR 0011); none: calls go unsigned. */
  identity?: ClientIdentity;
  /** This service's certificate and the fleet's CA: every channel is mutual TLS (ADR 0037). */
  tls: GrpcTls;
  /**
   * The service at the address, which its certificate must name; default `identity.audience`
   * (a client without an identity, an operator's, names it here).
   */
  serverName?: string;
}

export type GrpcClient<D extends UnaryServiceDefinition> = ClientMethods<D> & {
  /** Closes the channel; calls made afterwards fail. */
  close(): void;
};

/**
 * A promise-based client for a ts-proto service definition. Every call carries a
 * deadline, the current request id, the trace context and (with `identity`) a service token,
 * and rejects with the AppError the server meant (or service_unavailable / upstream_timeout).
 */
export function createClient<D extends UnaryServiceDefinition>(
  definition: D,
  address: string,
  options: ClientOptions,
): GrpcClient<D> {
  const { defaultDeadlineMs = 5000, log, identity } = options;
  const channel = new Client(address, channelCredentials(options.tls), channelOptionsOf(options));
  const methods: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(definition)) {
    methods[name] = async (request: unknown, opts: CallOptions = {}) => {
      // The deadline starts now, before the token is signed.
      const deadline = Date.now() + (opts.deadlineMs ?? defaultDeadlineMs);
      const metadata = await signedMetadata(identity, opts);
      return call(channel, method, request, deadline, metadata, log);
    };
  }
  methods.close = () => channel.close();
  return methods as GrpcClient<D>;
}

function call(
  channel: Client,
  method: UnaryMethod,
  request: unknown,
  deadline: number,
  metadata: Metadata,
  log: Logger | undefined,
): Promise<unknown> {
  const [service, rpcMethod] = splitPath(method.path);
  const span = tracer().startSpan(`${service}/${rpcMethod}`, {
    kind: SpanKind.CLIENT,
    attributes: { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': rpcMethod },
  });
  if (metadata.get(REQUEST_ID_HEADER).length === 0)
    metadata.set(REQUEST_ID_HEADER, currentRequestId() ?? requestIdFrom(undefined));
  propagation.inject(trace.setSpan(context.active(), span), metadata, metadataSetter);
  const started = performance.now();

  return new Promise((resolve, reject) => {
    channel.makeUnaryRequest(
      method.path,
      method.requestSerialize,
      method.responseDeserialize,
      request,
      metadata,
      { deadline },
      (err, response) => {
        const code = err ? err.code : GrpcStatus.OK;
        span.setAttribute('rpc.grpc.status_code', code);
        if (err) span.setStatus({ code: SpanStatusCode.ERROR, message: err.details });
        span.end();
        log?.debug(
          { method: method.path, code: GrpcStatus[code], ms: Math.round(performance.now() - started) },
          'gRPC client call',
        );
        if (err) reject(fromGrpcError(err));
        else resolve(response);
      },
    );
  });
}
