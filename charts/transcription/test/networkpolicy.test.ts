// The NetworkPolicies: a backend admits exactly the components that call it (read from the
// services' src/clients.ts here, so the policies cannot drift from the code) on its gRPC port; the
// gateway admits the ingress controller; the workers admit nothing; the hook Jobs are left alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byKind, podTemplate, render, validateManifest, valuesFile, workloads } from './manifests.ts';
import { callGraph, callersOf, componentOf, policyOf, ruleFor, selectedComponents, type Rule } from './network.ts';
import { testRendered } from './support.ts';

testRendered({
  'the call graph read from the services is the one the platform has': async () => {
    const graph = await callGraph();
    assert.deepEqual(graph.get('gateway'), [
      'accounts',
      'ai-proxy',
      'artifacts',
      'billing',
      'jobs',
      'media',
      'shares',
      'webhook-dispatcher',
    ]);
    assert.deepEqual(graph.get('webhook-dispatcher'), ['jobs']);
    assert.deepEqual(graph.get('ai-proxy'), ['billing']);
    assert.deepEqual(graph.get('jobs'), ['artifacts', 'billing', 'media']);
    assert.ok(graph.get('worker')?.includes('jobs'));
  },

  'every NetworkPolicy is valid and selects the pods of one component': async (manifests) => {
    const policies = byKind(manifests, 'NetworkPolicy');
    assert.ok(policies.length > 0);
    for (const policy of policies) {
      await validateManifest(policy);
      const selected = selectedComponents(manifests, (policy.spec as { podSelector: object }).podSelector);
      assert.deepEqual(selected, [componentOf(policy)], policy.metadata.name);
    }
  },

  'each backend admits exactly its callers (services/*/src/clients.ts) on its gRPC port, and nothing else there':
    async (manifests) => {
      const graph = await callGraph();
      const backends = [...new Set([...graph.values()].flat())].sort();
      assert.ok(backends.length >= 6);
      for (const backend of backends) {
        const rule = ruleFor(policyOf(manifests, backend), 'grpc');
        assert.ok(rule, `${backend} admits its callers on its gRPC port`);
        const callers = (rule.from ?? []).flatMap((peer) => {
          assert.ok(
            peer.podSelector && !peer.namespaceSelector && !peer.ipBlock,
            `${backend}: pods of this namespace only`,
          );
          return selectedComponents(manifests, peer.podSelector);
        });
        assert.deepEqual(callers.sort(), callersOf(graph, backend), backend);
        const others = (policyOf(manifests, backend).spec as { ingress: Rule[] }).ingress.filter(
          (other) => other !== rule,
        );
        for (const other of others)
          assert.ok(!other.ports?.some((port) => port.port === 'grpc'), `${backend}: no other rule opens gRPC`);
      }
    },

  'every port a policy opens is a named port of the pods it selects; no rule admits every source but the gateway': (
    manifests,
  ) => {
    for (const policy of byKind(manifests, 'NetworkPolicy')) {
      const component = componentOf(policy);
      const pods = workloads(manifests).filter((workload) => componentOf(workload) === component);
      const ports = new Set(
        pods
          .flatMap((pod) => podTemplate(pod).spec.containers.flatMap((container) => container.ports ?? []))
          .map((port) => port.name),
      );
      for (const rule of (policy.spec as { ingress: Rule[] }).ingress) {
        for (const port of rule.ports ?? []) assert.ok(ports.has(String(port.port)), `${component}: ${port.port}`);
        if (component !== 'gateway') assert.ok(rule.from?.length, `${component}: every rule names its sources`);
      }
    }
  },

  'the gateway admits the ingress controller (and the helm test Pod) on its HTTP port only, its ops port only to ops peers':
    (manifests) => {
      const ingress = (policyOf(manifests, 'gateway').spec as { ingress: Rule[] }).ingress;
      const http = ingress.filter((rule) => rule.ports?.some((port) => port.port === 'http'));
      assert.equal(http.length, 1);
      assert.deepEqual(http[0]?.ports, [{ port: 'http', protocol: 'TCP' }]);
      assert.deepEqual(http[0]?.from, [
        { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } },
        // tests.enabled (smoke-test.test.ts)
        {
          podSelector: {
            matchLabels: {
              'app.kubernetes.io/component': 'smoke-test',
              'app.kubernetes.io/instance': 'tp',
              'app.kubernetes.io/name': 'transcription',
            },
          },
        },
      ]);
      for (const rule of ingress.filter((r) => r !== http[0]))
        assert.deepEqual(rule.ports, [{ port: 'ops', protocol: 'TCP' }]);
    },

  'web admits the gateway alone on its HTTP port, and nothing else but the ops peers': (manifests) => {
    const ingress = (policyOf(manifests, 'web').spec as { ingress: Rule[] }).ingress;
    const http = ingress.filter((rule) => rule.ports?.some((port) => port.port === 'http'));
    assert.equal(http.length, 1);
    assert.deepEqual(http[0]?.ports, [{ port: 'http', protocol: 'TCP' }]);
    const from = (http[0]?.from ?? []).flatMap((peer) => {
      assert.ok(peer.podSelector && !peer.namespaceSelector && !peer.ipBlock, 'pods of this namespace only');
      return selectedComponents(manifests, peer.podSelector);
    });
    assert.deepEqual(from, ['gateway']);
    for (const rule of ingress.filter((r) => r !== http[0]))
      assert.deepEqual(rule.ports, [{ port: 'ops', protocol: 'TCP' }]);
  },

  'the workers admit nothing but the configured ops peers; the hook Jobs are selected by no policy': (manifests) => {
    const ingress = (policyOf(manifests, 'worker').spec as { ingress: Rule[] }).ingress;
    for (const rule of ingress) assert.deepEqual(rule.ports, [{ port: 'ops', protocol: 'TCP' }]);
    for (const job of byKind(manifests, 'Job')) {
      const labels = podTemplate(job).metadata?.labels ?? {};
      for (const policy of byKind(manifests, 'NetworkPolicy')) {
        const selector = (policy.spec as { podSelector: { matchLabels: Record<string, string> } }).podSelector;
        assert.ok(
          !Object.entries(selector.matchLabels).every(([key, value]) => labels[key] === value),
          `${job.metadata.name} is not selected by ${policy.metadata.name}`,
        );
      }
    }
  },
});

test('with the defaults the workers admit nothing at all and egress stays open', async () => {
  const manifests = await render();
  assert.deepEqual((policyOf(manifests, 'worker').spec as { ingress: Rule[] }).ingress, []);
  for (const policy of byKind(manifests, 'NetworkPolicy'))
    assert.deepEqual((policy.spec as { policyTypes: string[] }).policyTypes, ['Ingress'], policy.metadata.name);
});

test('ops peers reach the ops port of every component, the gateway included (its detailed /readyz)', async () => {
  const monitoring = { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } };
  const manifests = await render(await valuesFile({ networkPolicy: { ops: { from: [monitoring] } } }));
  for (const policy of byKind(manifests, 'NetworkPolicy')) {
    assert.deepEqual(ruleFor(policy, 'ops')?.from, [monitoring], componentOf(policy));
  }
});

test('a disabled caller is admitted nowhere; a backend left without callers gets no open rule', async () => {
  const manifests = await render(await valuesFile({ gateway: { enabled: false }, shares: { enabled: false } }));
  assert.throws(() => policyOf(manifests, 'gateway'), /no NetworkPolicy/);
  // Only the gateway and shares call accounts: no gRPC rule at all (an empty `from` would admit everyone).
  assert.deepEqual((policyOf(manifests, 'accounts').spec as { ingress: Rule[] }).ingress, []);
  const media = ruleFor(policyOf(manifests, 'media'), 'grpc');
  const callers = (media?.from ?? []).flatMap((peer) => selectedComponents(manifests, peer.podSelector));
  assert.deepEqual(callers.sort(), ['jobs', 'worker']);
});

test('gateway.from [] admits every source; networkPolicy.enabled false renders none', async () => {
  const open = await render(await valuesFile({ networkPolicy: { gateway: { from: [] } } }));
  assert.deepEqual((policyOf(open, 'gateway').spec as { ingress: Rule[] }).ingress, [
    { ports: [{ port: 'http', protocol: 'TCP' }] },
  ]);
  const none = await render(await valuesFile({ networkPolicy: { enabled: false } }));
  assert.equal(byKind(none, 'NetworkPolicy').length, 0);
});

test('restricted egress: DNS, the gRPC ports of exactly the services a component calls, and the extra rules', async () => {
  const database = { to: [{ ipBlock: { cidr: '10.20.0.0/16' } }], ports: [{ port: 5432, protocol: 'TCP' }] };
  const manifests = await render(await valuesFile({ networkPolicy: { egress: { restricted: true, to: [database] } } }));
  const graph = await callGraph();
  for (const policy of byKind(manifests, 'NetworkPolicy')) {
    await validateManifest(policy);
    const component = componentOf(policy);
    const spec = policy.spec as { policyTypes: string[]; egress: Array<Rule & { to?: Rule['from'] }> };
    assert.deepEqual(spec.policyTypes, ['Ingress', 'Egress']);
    const [dns, ...rest] = spec.egress;
    assert.deepEqual(dns?.ports, [
      { port: 53, protocol: 'UDP' },
      { port: 53, protocol: 'TCP' },
    ]);
    assert.deepEqual(rest.at(-1), database, `${component}: the extra rule last`);
    // The webhook dispatcher alone also reaches the receivers: public addresses on 80 and 443.
    // The gateway alone also reaches web's HTTP port (WEB_URL).
    const [toWeb] = component === 'gateway' ? rest.splice(-2, 1) : [];
    if (toWeb) {
      assert.deepEqual(toWeb.ports, [{ port: 'http', protocol: 'TCP' }]);
      assert.deepEqual(
        (toWeb.to ?? []).flatMap((peer) => selectedComponents(manifests, peer.podSelector)),
        ['web'],
      );
    }
    const [internet] = component === 'webhook-dispatcher' ? rest.splice(-2, 1) : [];
    if (internet) {
      assert.deepEqual(internet.ports, [
        { port: 80, protocol: 'TCP' },
        { port: 443, protocol: 'TCP' },
      ]);
      const blocks = (internet.to ?? []).map((peer) => (peer.ipBlock as { cidr: string; except: string[] }) ?? {});
      assert.deepEqual(
        blocks.map((block) => block.cidr),
        ['0.0.0.0/0', '::/0'],
      );
      assert.ok(blocks[0]?.except.includes('10.0.0.0/8') && blocks[0].except.includes('169.254.0.0/16'));
    }
    const callees = rest.slice(0, -1).flatMap((rule) => {
      assert.deepEqual(rule.ports, [{ port: 'grpc', protocol: 'TCP' }]);
      return (rule.to ?? []).flatMap((peer) => selectedComponents(manifests, peer.podSelector));
    });
    assert.deepEqual(callees.sort(), graph.get(component) ?? [], component);
  }
});
