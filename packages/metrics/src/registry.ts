import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** A metric as the catalogue declares it: its name, what it counts, and its (bounded) labels. */
interface BaseSpec<L extends string> {
  name: string;
  help: string;
  labelNames: readonly L[];
}
export interface CounterSpec<L extends string = string> extends BaseSpec<L> {
  type: 'counter';
}
export interface GaugeSpec<L extends string = string> extends BaseSpec<L> {
  type: 'gauge';
}
export interface HistogramSpec<L extends string = string> extends BaseSpec<L> {
  type: 'histogram';
  buckets: readonly number[];
}
export type MetricSpec = CounterSpec | GaugeSpec | HistogramSpec;

/**
 * The process's one registry: the process and Node.js metrics prom-client collects at each scrape
 * (`process_*`, `nodejs_*`), then every metric a package or service defines. A process serves it on
 * its ops port (`GET /metrics`); Prometheus adds which pod it scraped, so no metric names its service.
 */
const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const metricsRegistry = (): Registry => registry;

/**
 * The registered metric of that name, if any: a module may define its metrics each time a service
 * starts (tests start several in one process), and they stay one set of series per process.
 */
function registered(spec: MetricSpec, kind: abstract new (...args: never[]) => unknown): unknown {
  const found = registry.getSingleMetric(spec.name);
  if (found !== undefined && !(found instanceof kind))
    throw new TypeError(`metric ${spec.name} is already registered as another type`);
  return found;
}

export function counter<L extends string>(spec: CounterSpec<L>): Counter<L> {
  return (registered(spec, Counter) as Counter<L> | undefined) ?? new Counter({ ...base(spec), registers: [registry] });
}

export function gauge<L extends string>(spec: GaugeSpec<L>): Gauge<L> {
  return (registered(spec, Gauge) as Gauge<L> | undefined) ?? new Gauge({ ...base(spec), registers: [registry] });
}

export function histogram<L extends string>(spec: HistogramSpec<L>): Histogram<L> {
  return (
    (registered(spec, Histogram) as Histogram<L> | undefined) ??
    new Histogram({ ...base(spec), buckets: [...spec.buckets], registers: [registry] })
  );
}

const base = <L extends string>(spec: BaseSpec<L>) => ({
  name: spec.name,
  help: spec.help,
  labelNames: [...spec.labelNames],
});
