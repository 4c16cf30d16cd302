// What the chart deploys: valid objects of known kinds, one Deployment, ServiceAccount and
// PodDisruptionBudget per component, a Service in front of each but the worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byKind, find, podTemplate, render, validateManifest, valuesFile, type Manifest } from './manifests.ts';
import { testRendered } from './support.ts';

type Selector = { matchLabels?: Record<string, string>; matchExpressions?: unknown[] };
type BudgetSpec = { selector?: Selector; maxUnavailable?: number | string; minAvailable?: number | string };

function budgetSpec(budget: Manifest): BudgetSpec {
  return (budget.spec ?? {}) as BudgetSpec;
}

/** Kubernetes' reading of a PodDisruptionBudget selector: none selects no pod, an empty one every pod. */
function selects(selector: Selector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false;
  if (selector.matchExpressions?.length) throw new Error('matchExpressions: teach this test to read them');
  return Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
}

testRendered({
  'every object is a valid Kubernetes object of a known kind': async (manifests) => {
    assert.ok(manifests.length > 0);
    for (const manifest of manifests) await validateManifest(manifest);
  },

  'deploys gateway, accounts, billing, artifacts, media, jobs, shares, webhook-dispatcher, ai-proxy and web, each with a Service, a ServiceAccount and a PodDisruptionBudget; the worker without a Service':
    (manifests) => {
      const components = (kind: string) =>
        byKind(manifests, kind)
          .map((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'])
          .sort();
      // The default values and the production example both run the one pool `cpu`.
      assert.deepEqual(components('Deployment'), [
        'accounts',
        'ai-proxy',
        'artifacts',
        'billing',
        'gateway',
        'jobs',
        'media',
        'shares',
        'web',
        'webhook-dispatcher',
        'worker',
      ]);
      assert.deepEqual(components('Service'), [
        'accounts',
        'ai-proxy',
        'artifacts',
        'billing',
        'gateway',
        'jobs',
        'media',
        'shares',
        'web',
        'webhook-dispatcher',
      ]);
      // And the service key hook Job's (identity.test.ts).
      assert.deepEqual(components('ServiceAccount'), [
        'accounts',
        'ai-proxy',
        'artifacts',
        'billing',
        'gateway',
        'jobs',
        'media',
        'service-keys',
        'shares',
        'web',
        'webhook-dispatcher',
        'worker',
      ]);
      assert.deepEqual(components('PodDisruptionBudget'), [
        'accounts',
        'ai-proxy',
        'artifacts',
        'billing',
        'gateway',
        'jobs',
        'media',
        'shares',
        'web',
        'webhook-dispatcher',
        'worker',
      ]);
      for (const component of ['billing', 'artifacts', 'media', 'jobs', 'shares', 'web', 'worker']) {
        assert.equal(
          podTemplate(find(manifests, 'Deployment', component)).spec.serviceAccountName,
          find(manifests, 'ServiceAccount', component).metadata.name,
        );
      }
    },

  'object names are unique per kind': (manifests) => {
    const keys = manifests.map((manifest) => `${manifest.kind}/${manifest.metadata.name}`);
    assert.deepEqual(keys, [...new Set(keys)]);
  },

  'a PodDisruptionBudget covers each Deployment: its pods and no other, one pod down at a time': (manifests) => {
    const deployments = byKind(manifests, 'Deployment');
    const budgets = byKind(manifests, 'PodDisruptionBudget');
    assert.equal(budgets.length, deployments.length, 'one budget per Deployment');
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const labels = podTemplate(deployment).metadata?.labels ?? {};
      const covering = budgets.filter((budget) => selects(budgetSpec(budget).selector, labels));
      assert.deepEqual(
        covering.map((budget) => budget.metadata.name),
        [name],
        `${name}: covered by its own budget only`,
      );
      const spec = budgetSpec(covering[0]!);
      assert.deepEqual(spec.selector, (deployment.spec as { selector: Selector }).selector, `${name}: same selector`);
      assert.equal(spec.maxUnavailable, 1, name);
      assert.equal(spec.minAvailable, undefined, name);
      for (const other of deployments.filter((candidate) => candidate !== deployment)) {
        const otherLabels = podTemplate(other).metadata?.labels ?? {};
        assert.ok(!selects(spec.selector, otherLabels), `${name}'s budget leaves ${other.metadata.name} alone`);
      }
    }
  },
});

test("a component's budget follows its values: another limit, or none at all", async () => {
  const manifests = await render(
    await valuesFile({
      gateway: { podDisruptionBudget: { maxUnavailable: '50%' } },
      accounts: { podDisruptionBudget: { enabled: false } },
      worker: { podDisruptionBudget: { maxUnavailable: 2 } },
    }),
  );
  assert.equal(budgetSpec(find(manifests, 'PodDisruptionBudget', 'gateway')).maxUnavailable, '50%');
  assert.equal(budgetSpec(find(manifests, 'PodDisruptionBudget', 'worker')).maxUnavailable, 2);
  assert.throws(() => find(manifests, 'PodDisruptionBudget', 'accounts'), /no PodDisruptionBudget/);
  assert.equal(budgetSpec(find(manifests, 'PodDisruptionBudget', 'media')).maxUnavailable, 1);
  for (const budget of byKind(manifests, 'PodDisruptionBudget')) await validateManifest(budget);
});
