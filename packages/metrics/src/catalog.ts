import type { CounterSpec, GaugeSpec, HistogramSpec, MetricSpec } from './registry.ts';

// Every metric the fleet exports, by the service that records it: the names are a contract with the
// dashboards and alerts that read them (ADR 0030), as event subjects are with their consumers. Labels
// take bounded values only: route templates, method names, codes, catalogue names, never an id.

/** Request durations, in seconds: from a cached read (milliseconds) to a streamed upload. */
const REQUEST_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60] as const;

const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]): CounterSpec<L> => ({
  type: 'counter',
  name,
  help,
  labelNames,
});
const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]): GaugeSpec<L> => ({
  type: 'gauge',
  name,
  help,
  labelNames,
});
const histogram = <L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  buckets: readonly number[],
): HistogramSpec<L> => ({ type: 'histogram', name, help, labelNames, buckets });

/** Every process: a collector behind gauges that failed at a scrape (see collectOnScrape). */
export const SCRAPE_METRICS = {
  collectFailures: counter(
    'tp_metrics_collect_failures_total',
    'Scrapes at which a collector (a query behind gauges) failed or took too long; its gauges were left out.',
    ['collector'],
  ),
} as const;

/** An Express app's routes (httpServerMetrics): the gateway's. */
export const HTTP_METRICS = {
  requestDuration: histogram(
    'tp_http_server_request_duration_seconds',
    'HTTP requests served, by method, route template (`unmatched` when no route took it) and status code.',
    ['method', 'route', 'status_code'],
    REQUEST_SECONDS,
  ),
} as const;

/** Every gRPC server of @tp/grpc. */
export const GRPC_METRICS = {
  requestDuration: histogram(
    'tp_grpc_server_request_duration_seconds',
    'gRPC calls served, by full method name (package.Service/Method) and status code name.',
    ['method', 'code'],
    REQUEST_SECONDS,
  ),
} as const;

export const JOBS_METRICS = {
  created: counter(
    'tp_jobs_created_total',
    'Jobs admitted (credits held, queued), by type and profile; batch items count, batch parents do not.',
    ['type', 'profile'],
  ),
  started: counter('tp_jobs_started_total', 'Jobs that started running, by type and profile.', ['type', 'profile']),
  finished: counter(
    'tp_jobs_finished_total',
    'Jobs that ended, by type, profile and outcome (succeeded, failed, cancelled).',
    ['type', 'profile', 'outcome'],
  ),
  queueDepth: gauge(
    'tp_jobs_queue_depth',
    'Jobs waiting for a worker, by type and pool (read from the database at scrape).',
    ['type', 'pool'],
  ),
  queueOldestAge: gauge(
    'tp_jobs_queue_oldest_age_seconds',
    'Age of the oldest job waiting for a worker, by type and pool; 0 when none waits.',
    ['type', 'pool'],
  ),
  consumerPending: gauge(
    'tp_nats_consumer_pending_messages',
    'Messages of a JetStream stream its durable consumer has not been delivered yet (num_pending).',
    ['stream', 'consumer'],
  ),
  consumerAckPending: gauge(
    'tp_nats_consumer_ack_pending_messages',
    'Messages delivered to a durable consumer and not acknowledged yet (num_ack_pending).',
    ['stream', 'consumer'],
  ),
} as const;

export const BILLING_METRICS = {
  reserved: counter(
    'tp_credits_reserved_total',
    'Credits held for work, by kind of hold: audio (a transcription job), caption_burn, usage (managed AI).',
    ['kind'],
  ),
  settled: counter('tp_credits_settled_total', 'Credits of holds charged when the work was settled, by kind.', [
    'kind',
  ]),
  released: counter(
    'tp_credits_released_total',
    'Credits of holds given back: a released hold whole, a settled one what it did not charge; by kind.',
    ['kind'],
  ),
} as const;

export const WORKER_METRICS = {
  realTimeFactor: histogram(
    'tp_worker_engine_real_time_factor',
    "Engine time over audio time of each transcribed job, by engine (below 1: faster than the audio's own length).",
    ['engine'],
    [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 4],
  ),
} as const;

export const WEBHOOK_METRICS = {
  deliveries: counter(
    'tp_webhook_deliveries_total',
    'Webhook attempts by what they left the delivery in: delivered, retrying, failed (schedule spent), gone (410).',
    ['outcome'],
  ),
  pending: gauge('tp_webhook_pending_deliveries', 'Webhook deliveries not delivered yet and still to be tried.', []),
  oldestPendingAge: gauge(
    'tp_webhook_oldest_pending_age_seconds',
    'Age of the oldest webhook delivery still to be tried; 0 when none is.',
    [],
  ),
} as const;

export const MEDIA_METRICS = {
  uploadBytes: counter(
    'tp_media_upload_bytes_total',
    'Bytes of media accepted for verification, by source: upload (any kind), url (an import), register.',
    ['source'],
  ),
} as const;

/** The metrics each service of the fleet exports, besides the process metrics and SCRAPE_METRICS. */
export const SERVICE_METRICS = {
  gateway: HTTP_METRICS,
  accounts: GRPC_METRICS,
  artifacts: GRPC_METRICS,
  shares: GRPC_METRICS,
  'ai-proxy': GRPC_METRICS,
  media: { ...GRPC_METRICS, ...MEDIA_METRICS },
  billing: { ...GRPC_METRICS, ...BILLING_METRICS },
  jobs: { ...GRPC_METRICS, ...JOBS_METRICS },
  'webhook-dispatcher': { ...GRPC_METRICS, ...WEBHOOK_METRICS },
  worker: WORKER_METRICS,
} as const satisfies Record<string, Record<string, MetricSpec>>;

export type MetricsService = keyof typeof SERVICE_METRICS;

/** The names a service's `/metrics` declares besides the process metrics (`process_*`, `nodejs_*`). */
export function metricNamesOf(service: MetricsService): string[] {
  const specs: MetricSpec[] = [...Object.values(SERVICE_METRICS[service]), ...Object.values(SCRAPE_METRICS)];
  return specs.map((spec) => spec.name);
}
