// PromQL as the chart's alerts and dashboard write it, parsed with Prometheus' own grammar
// (@prometheus-io/lezer-promql, the parser of the Prometheus UI): syntax errors, and the metric and
// label names every selector reads, checked against the catalogue of packages/metrics.
import type { SyntaxNode } from '@lezer/common';
import { parser } from '@prometheus-io/lezer-promql';
import { SCRAPE_METRICS, SERVICE_METRICS } from '../../../packages/metrics/src/catalog.ts';
import { metricsRegistry } from '../../../packages/metrics/src/registry.ts';

export type Selector = { metric: string; labels: string[] };
export type Parsed = { errors: string[]; selectors: Selector[] };

/** Parses one expression: its syntax errors (with where), and its vector selectors. */
export function parsePromql(expr: string): Parsed {
  const tree = parser.parse(expr);
  const errors: string[] = [];
  const selectors: Selector[] = [];
  tree.iterate({
    enter(node) {
      if (node.type.isError) errors.push(`at ${node.from}: ${JSON.stringify(expr.slice(node.from, node.from + 30))}`);
      if (node.name === 'VectorSelector') selectors.push(selectorOf(node.node, expr));
    },
  });
  return { errors, selectors };
}

function selectorOf(node: SyntaxNode, expr: string): Selector {
  const text = (child: SyntaxNode | null) => (child ? expr.slice(child.from, child.to) : '');
  const metric = text(node.getChild('Identifier'));
  if (!metric) throw new Error(`a selector without a metric name: ${text(node)}`);
  const labels = (node.getChild('LabelMatchers')?.getChildren('UnquotedLabelMatcher') ?? []).map((matcher) =>
    text(matcher.getChild('LabelName')),
  );
  return { metric, labels };
}

/** Labels Prometheus adds to every series it scrapes (target labels of the ServiceMonitor). */
export const TARGET_LABELS = [
  'namespace',
  'job',
  'pod',
  'instance',
  'service',
  'endpoint',
  'container',
  'transcription_worker_pool',
];

/**
 * Series from outside the fleet that the alerts and the dashboard may read, with the labels they
 * select on: kube-state-metrics (with the labels its own series carry) and Prometheus' `up`.
 */
export const EXTERNAL_METRICS: Readonly<Record<string, readonly string[]>> = {
  up: [],
  kube_deployment_status_replicas: ['deployment'],
  kube_pod_container_status_restarts_total: ['pod', 'container'],
};

/**
 * Every series name the fleet exports, with its labels: the catalogue's (a counter's name, a
 * gauge's, a histogram's _bucket with le, _count and _sum) and the process metrics of prom-client
 * that every registry of @tp/metrics collects.
 */
export function exportedSeries(): Map<string, readonly string[]> {
  const series = new Map<string, readonly string[]>();
  const specs = [...Object.values(SERVICE_METRICS), SCRAPE_METRICS].flatMap((group) => Object.values(group));
  for (const spec of specs) {
    if (spec.type === 'histogram') {
      series.set(`${spec.name}_bucket`, [...spec.labelNames, 'le']);
      series.set(`${spec.name}_count`, spec.labelNames);
      series.set(`${spec.name}_sum`, spec.labelNames);
    } else {
      if (spec.type === 'counter' && !spec.name.endsWith('_total'))
        throw new Error(`counter ${spec.name} without _total`);
      series.set(spec.name, spec.labelNames);
    }
  }
  for (const metric of metricsRegistry().getMetricsAsArray()) {
    if (!/^(process|nodejs)_/.test(metric.name)) continue;
    // Unlabelled or labelled by prom-client; the dashboard selects them by target labels only.
    if (String(metric.type) === 'histogram')
      for (const suffix of ['_bucket', '_count', '_sum']) series.set(`${metric.name}${suffix}`, []);
    else series.set(metric.name, []);
  }
  return series;
}

/** What is wrong with the selectors of one expression: unknown metrics, labels a metric has not. */
export function selectorProblems(expr: string, series: Map<string, readonly string[]>): string[] {
  const { errors, selectors } = parsePromql(expr);
  const problems = errors.map((error) => `syntax error ${error}`);
  for (const { metric, labels } of selectors) {
    const known = series.get(metric) ?? EXTERNAL_METRICS[metric];
    if (!known) {
      problems.push(`${metric} is neither exported by the fleet nor an allowed external metric`);
      continue;
    }
    for (const label of labels)
      if (!known.includes(label) && !TARGET_LABELS.includes(label)) problems.push(`${metric} has no label ${label}`);
  }
  return problems;
}
