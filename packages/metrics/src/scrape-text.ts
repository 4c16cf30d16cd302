// Reading Prometheus's text format 0.0.4 back (tests, tools): samples by name and labels.

export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  text: string;
  samples: MetricSample[];
  /** The sum of the samples of `name` whose labels include `labels` (0 when there is none). */
  value(name: string, labels?: Record<string, string>): number;
  /** Whether the text declares the metric (`# TYPE name …`), samples or not. */
  declares(name: string): boolean;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?/y;

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match) throw new Error(`unreadable labels in metrics line: ${line}`);
    labels[match[1]!] = match[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}

/** The samples of a text exposition; comments and blank lines skipped. */
export function parseMetrics(text: string): MetricSample[] {
  const samples: MetricSample[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`unreadable metrics line: ${line}`);
    samples.push({ name: match[1]!, labels: parseLabels(match[2] ?? '', line), value: Number(match[3]) });
  }
  return samples;
}

export function readScrape(text: string): Scrape {
  const samples = parseMetrics(text);
  return {
    text,
    samples,
    value: (name, labels = {}) =>
      samples
        .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
        .reduce((sum, s) => sum + s.value, 0),
    declares: (name) => text.split('\n').some((line) => line.startsWith(`# TYPE ${name} `)),
  };
}
