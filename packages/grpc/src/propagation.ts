import type { Metadata } from '@grpc/grpc-js';
import { trace, type TextMapGetter, type TextMapSetter, type Tracer } from '@opentelemetry/api';

/**
 * gRPC metadata as an OpenTelemetry carrier. The global propagator is whatever
 * @tp/telemetry registered (W3C trace context); without it these are no-ops.
 */
export const metadataGetter: TextMapGetter<Metadata> = {
  keys: (carrier) => Object.keys(carrier.getMap()),
  get: (carrier, key) => {
    const values = carrier.get(key).filter((v): v is string => typeof v === 'string');
    return values.length === 0 ? undefined : values;
  },
};

export const metadataSetter: TextMapSetter<Metadata> = {
  set: (carrier, key, value) => carrier.set(key, value),
};

export function tracer(): Tracer {
  return trace.getTracer('@tp/grpc');
}
