import { Metadata, type ServerWritableStream, type ServiceDefinition } from '@grpc/grpc-js';
import {
  HealthCheckResponse_ServingStatus,
  HealthClient,
  HealthService,
  type HealthCheckRequest,
  type HealthCheckResponse,
  type HealthServer,
} from '@tp/proto';
import { AppError, fromGrpcError, toGrpcStatus } from '@tp/errors';
import { channelCredentials, type GrpcTls, serverNameOption } from './tls.ts';

export type ServingStatus = HealthCheckResponse_ServingStatus;

/**
 * The statuses behind grpc.health.v1.Health. Each registered service has its own flag;
 * the overall '' status is SERVING only while '' itself and every service are, so a
 * probe of '' sees the whole process.
 */
export class HealthState {
  readonly #serving = new Map<string, boolean>([['', true]]);
  readonly #watchers = new Set<{ service: string; send: (status: ServingStatus) => void }>();
  readonly #streams = new Set<ServerWritableStream<HealthCheckRequest, HealthCheckResponse>>();

  set(service: string, serving: boolean): void {
    this.#serving.set(service, serving);
    for (const watcher of this.#watchers) watcher.send(this.status(watcher.service));
  }

  setAll(serving: boolean): void {
    for (const service of this.#serving.keys()) this.#serving.set(service, serving);
    for (const watcher of this.#watchers) watcher.send(this.status(watcher.service));
  }

  status(service: string): ServingStatus {
    const serving = this.#serving.get(service);
    if (serving === undefined) return HealthCheckResponse_ServingStatus.SERVICE_UNKNOWN;
    const up = service === '' ? [...this.#serving.values()].every(Boolean) : serving;
    return up ? HealthCheckResponse_ServingStatus.SERVING : HealthCheckResponse_ServingStatus.NOT_SERVING;
  }

  /** Ends open Watch streams so a graceful shutdown does not wait for them. */
  endWatches(): void {
    for (const stream of this.#streams) stream.end();
    this.#streams.clear();
    this.#watchers.clear();
  }

  definition(): ServiceDefinition {
    return HealthService as unknown as ServiceDefinition;
  }

  implementation(): HealthServer {
    return {
      check: (call, callback) => {
        const status = this.status(call.request.service);
        if (status === HealthCheckResponse_ServingStatus.SERVICE_UNKNOWN) {
          // The protocol answers NOT_FOUND for a service it does not know.
          callback(toGrpcStatus(new AppError('not_found', `Unknown service "${call.request.service}".`)));
          return;
        }
        callback(null, { status });
      },
      watch: (call) => {
        let last: ServingStatus | undefined;
        const watcher = {
          service: call.request.service,
          send: (status: ServingStatus) => {
            if (status === last) return;
            last = status;
            call.write({ status });
          },
        };
        this.#watchers.add(watcher);
        this.#streams.add(call);
        call.on('cancelled', () => {
          this.#watchers.delete(watcher);
          this.#streams.delete(call);
        });
        watcher.send(this.status(watcher.service));
      },
    };
  }
}

/**
 * Asks a server for its health ('' = the whole server), over mutual TLS as any caller (`tls`), the
 * server's certificate checked for `serverName`. Answers SERVICE_UNKNOWN for a
 * service the server does not know; rejects with an AppError (service_unavailable,
 * upstream_timeout) when it cannot get an answer.
 */
export async function checkHealth(
  address: string,
  service = '',
  options: { tls: GrpcTls; serverName: string; deadlineMs?: number },
): Promise<ServingStatus> {
  const client = new HealthClient(address, channelCredentials(options.tls), serverNameOption(options.serverName));
  try {
    return await new Promise<ServingStatus>((resolve, reject) => {
      client.check({ service }, new Metadata(), { deadline: Date.now() + (options.deadlineMs ?? 2000) }, (err, res) => {
        if (!err) return resolve(res.status);
        const appError = fromGrpcError(err);
        if (appError.code === 'not_found') return resolve(HealthCheckResponse_ServingStatus.SERVICE_UNKNOWN);
        reject(appError);
      });
    });
  } finally {
    client.close();
  }
}
