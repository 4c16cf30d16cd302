import { Client } from '@grpc/grpc-js';
import { context, propagation } from '@opentelemetry/api';
import { fromGrpcError } from '@tp/errors';
import { currentRequestId, REQUEST_ID_HEADER, requestIdFrom } from '@tp/logging';
import { channelOptionsOf, type ClientOptions, signedMetadata } from './client.ts';
import type { CallOptions, RequestOf, ResponseOf, StreamServiceDefinition } from './definition.ts';
import { metadataSetter } from './propagation.ts';
import { channelCredentials } from './tls.ts';

export interface StreamCallOptions extends CallOptions {
  /** Aborting cancels the call: the server's `ctx.signal` aborts. */
  signal?: AbortSignal;
}

export type GrpcStreamClient<D extends StreamServiceDefinition> = {
  [K in keyof D]: (request: RequestOf<D[K]>, opts?: StreamCallOptions) => AsyncIterable<ResponseOf<D[K]>>;
} & { close(): void };

/**
 * A client for a service of server-streaming methods: each call is an async iterable of the
 * responses, with the deadline, request id, trace context and service token of a unary call.
 * Leaving the loop early, or aborting `signal`, cancels the call; a failure is the AppError the
 * server meant.
 */
export function createStreamingClient<D extends StreamServiceDefinition>(
  definition: D,
  address: string,
  options: ClientOptions,
): GrpcStreamClient<D> {
  const { defaultDeadlineMs = 5000, identity } = options;
  const channel = new Client(address, channelCredentials(options.tls), channelOptionsOf(options));
  const methods: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(definition)) {
    methods[name] = async function* (request: unknown, opts: StreamCallOptions = {}) {
      const deadline = Date.now() + (opts.deadlineMs ?? defaultDeadlineMs);
      const metadata = await signedMetadata(identity, opts);
      if (metadata.get(REQUEST_ID_HEADER).length === 0)
        metadata.set(REQUEST_ID_HEADER, currentRequestId() ?? requestIdFrom(undefined));
      propagation.inject(context.active(), metadata, metadataSetter);
      opts.signal?.throwIfAborted();
      const stream = channel.makeServerStreamRequest(
        method.path,
        method.requestSerialize,
        method.responseDeserialize,
        request,
        metadata,
        { deadline },
      );
      const cancel = () => stream.cancel();
      opts.signal?.addEventListener('abort', cancel, { once: true });
      try {
        for await (const message of stream) yield message;
      } catch (err) {
        if (opts.signal?.aborted) throw opts.signal.reason;
        throw fromGrpcError(err);
      } finally {
        opts.signal?.removeEventListener('abort', cancel);
        stream.cancel();
      }
    };
  }
  methods.close = () => channel.close();
  return methods as GrpcStreamClient<D>;
}
