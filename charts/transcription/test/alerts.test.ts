import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { repoRoot } from '../../../tools/dev/helm.ts';
import { promtoolPath } from '../../../tools/dev/promtool.ts';
import { stringify } from 'yaml';
import { byKind, chartDir, render, validateManifest, valuesFile, type Manifest } from './manifests.ts';
import { exportedSeries, parsePromql, selectorProblems } from './promql.ts';

type Rule = {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
};
type Group = { name: string; rules: Rule[] };

const RUNBOOK = 'https://runbooks.example.com/alerts.md';
const VALUES = {
  metrics: { scrape: 'serviceMonitor', rules: { enabled: true, runbookUrl: RUNBOOK }, dashboards: { enabled: true } },
  worker: {
    keda: { natsServerMonitoringEndpoint: 'nats:8222' },
    pools: {
      cpu: { autoscaling: { keda: { enabled: true, maxReplicas: 7 } } },
      gpu: { enabled: true, models: { existingClaim: 'whisper-models' } },
    },
  },
};

/** GitHub's anchors of a Markdown file's headings: lower case, punctuation out, spaces to '-'. */
async function runbookAnchors(): Promise<Set<string>> {
  const text = await readFile(join(repoRoot, 'docs/runbooks/alerts.md'), 'utf8');
  const headings = [...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => match[1] ?? '');
  return new Set(
    headings.map((heading) =>
      heading
        .trim()
        .toLowerCase()
        .replace(/[^\w\- ]/g, '')
        .replace(/ /g, '-'),
    ),
  );
}

const series = exportedSeries();

describe('the PrometheusRule', () => {
  let manifests: Manifest[] = [];
  let groups: Group[] = [];
  let rules: Rule[] = [];
  before(async () => {
    manifests = await render(await valuesFile(VALUES));
    const [rule] = byKind(manifests, 'PrometheusRule');
    assert.ok(rule, 'a PrometheusRule');
    groups = (rule.spec as { groups: Group[] }).groups;
    rules = groups.flatMap((group) => group.rules);
  });

  test('is a valid PrometheusRule with alerts of unique names, each with a severity and its annotations', async () => {
    for (const rule of byKind(manifests, 'PrometheusRule')) await validateManifest(rule);
    assert.ok(rules.length >= 10);
    for (const rule of rules) {
      assert.match(rule.labels?.severity ?? '', /^(critical|warning)$/, rule.alert);
      for (const key of ['summary', 'description', 'runbook_url'])
        assert.ok(rule.annotations?.[key]?.trim(), `${rule.alert} has ${key}`);
    }
    const names = rules.map((rule) => `${rule.alert} ${rule.labels?.pool ?? ''}`);
    assert.equal(new Set(names).size, names.length, 'unique');
  });

  test('every expression parses and reads exported metrics (or allowed external ones) by their labels', () => {
    for (const rule of rules) assert.deepEqual(selectorProblems(rule.expr, series), [], `${rule.alert}: ${rule.expr}`);
  });

  test('every runbook_url is runbookUrl#<its section> of docs/runbooks/alerts.md, and every section an alert', async () => {
    const anchors = await runbookAnchors();
    const linked = new Set<string>();
    for (const rule of rules) {
      const url = rule.annotations?.runbook_url ?? '';
      const [base, anchor = ''] = url.split('#');
      assert.equal(base, RUNBOOK, rule.alert);
      assert.equal(anchor, rule.alert.toLowerCase(), `${rule.alert}: the anchor is its name`);
      assert.ok(anchors.has(anchor), `docs/runbooks/alerts.md has a section #${anchor}`);
      linked.add(anchor);
    }
    const sections = [...anchors].filter((anchor) => anchor.startsWith('transcription'));
    assert.deepEqual(sections.sort(), [...linked].sort(), 'one section per alert, no section without one');
  });

  test('a worker pool with KEDA alerts at its own maxReplicas; a pool without KEDA does not', () => {
    const atMax = rules.filter((rule) => rule.alert === 'TranscriptionWorkerPoolAtMaxReplicas');
    assert.deepEqual(
      atMax.map((rule) => rule.labels?.pool),
      ['cpu'],
    );
    const expr = atMax[0]?.expr ?? '';
    assert.match(expr, /deployment="tp-transcription-worker-cpu"\}\) >= 7\b/);
    assert.ok(
      byKind(manifests, 'Deployment').some((deployment) => deployment.metadata.name === 'tp-transcription-worker-cpu'),
    );
  });

  test('promtool check rules accepts the groups', async () => {
    const file = join(tmpdir(), `tp-rules-${process.pid}.yaml`);
    await writeFile(file, stringify({ groups }));
    try {
      const { stdout } = await promisify(execFile)(promtoolPath(), ['check', 'rules', file]);
      assert.match(stdout, /SUCCESS: \d+ rules found/);
    } finally {
      await rm(file, { force: true });
    }
  });
});

describe('the fleet dashboard', () => {
  test('is dashboards/fleet.json in a ConfigMap for the Grafana sidecar', async () => {
    const manifests = await render(await valuesFile(VALUES));
    const [configMap] = byKind(manifests, 'ConfigMap').filter((map) => map.metadata.name.endsWith('-dashboards'));
    assert.ok(configMap);
    await validateManifest(configMap);
    assert.equal(configMap.metadata.labels?.grafana_dashboard, '1');
    const data = configMap.data as Record<string, string>;
    assert.deepEqual(JSON.parse(data['transcription-fleet.json'] ?? ''), await dashboard());
  });

  test('every panel query parses and reads exported metrics (or allowed external ones) by their labels', async () => {
    const panels = (await dashboard()).panels.filter((panel) => panel.type !== 'row');
    assert.ok(panels.length >= 15);
    const ids = panels.map((panel) => panel.id);
    assert.equal(new Set(ids).size, ids.length, 'unique panel ids');
    for (const panel of panels) {
      assert.ok(panel.targets?.length, `${panel.title} has queries`);
      for (const { expr } of panel.targets ?? []) {
        // Grafana's variables, as Grafana substitutes them.
        const promql = expr.replaceAll('$__rate_interval', '5m').replaceAll('$namespace', 'transcription');
        assert.deepEqual(selectorProblems(promql, series), [], `${panel.title}: ${expr}`);
      }
    }
  });
});

type Panel = { id: number; type: string; title: string; targets?: Array<{ expr: string }> };
async function dashboard(): Promise<{ panels: Panel[] }> {
  return JSON.parse(await readFile(join(chartDir, 'dashboards/fleet.json'), 'utf8')) as { panels: Panel[] };
}

describe('the PromQL check itself', () => {
  test('finds syntax errors, unknown metrics, a histogram without its suffix and a label a metric has not', () => {
    assert.ok(parsePromql('sum(rate(tp_jobs_created_total[5m])').errors.length > 0);
    assert.deepEqual(parsePromql('sum by (job) (rate(a{b="c"}[5m])) / d').selectors, [
      { metric: 'a', labels: ['b'] },
      { metric: 'd', labels: [] },
    ]);
    assert.match(selectorProblems('tp_jobs_create_total', series).join(), /tp_jobs_create_total is neither/);
    assert.match(selectorProblems('rate(tp_grpc_server_request_duration_seconds[5m])', series).join(), /neither/);
    assert.match(selectorProblems('tp_jobs_queue_depth{profile="x"}', series).join(), /has no label profile/);
    assert.deepEqual(
      selectorProblems('tp_grpc_server_request_duration_seconds_bucket{le="1", job="jobs"}', series),
      [],
    );
    assert.deepEqual(selectorProblems('process_resident_memory_bytes{job="jobs"}', series), []);
  });
});
