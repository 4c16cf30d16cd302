import { GRPC_METRICS } from './catalog.ts';
import { histogram } from './registry.ts';

/** Observes served gRPC calls (tp_grpc_server_request_duration_seconds); a server makes one when it is created. */
export function grpcServerMetrics(): { observe(method: string, code: string, seconds: number): void } {
  const durations = histogram(GRPC_METRICS.requestDuration);
  return { observe: (method, code, seconds) => durations.observe({ method, code }, seconds) };
}
