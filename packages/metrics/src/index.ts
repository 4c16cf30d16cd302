export {
  counter,
  gauge,
  histogram,
  metricsRegistry,
  type CounterSpec,
  type GaugeSpec,
  type HistogramSpec,
  type MetricSpec,
} from './registry.ts';
export {
  BILLING_METRICS,
  GRPC_METRICS,
  HTTP_METRICS,
  JOBS_METRICS,
  MEDIA_METRICS,
  SCRAPE_METRICS,
  SERVICE_METRICS,
  WEBHOOK_METRICS,
  WORKER_METRICS,
  metricNamesOf,
  type MetricsService,
} from './catalog.ts';
export {
  collectOnScrape,
  METRICS_CONTENT_TYPE,
  renderMetrics,
  type RenderOptions,
  type ScrapeCollector,
} from './scrape.ts';
export { httpServerMetrics, routeLabel, type RoutedRequest } from './http.ts';
export { grpcServerMetrics } from './grpc.ts';
export { parseMetrics, readScrape, type MetricSample, type Scrape } from './scrape-text.ts';
export type { Counter, Gauge, Histogram } from 'prom-client';
