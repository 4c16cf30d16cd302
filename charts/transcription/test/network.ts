// What the NetworkPolicy tests read: the gRPC call graph of the code, and which components a
// rendered policy and its peers select.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from '../../../tools/dev/helm.ts';
import { find, podTemplate, workloads, type Manifest } from './manifests.ts';

export type Selector = { matchLabels?: Record<string, string>; matchExpressions?: unknown[] };
export type Peer = { podSelector?: Selector; namespaceSelector?: Selector; ipBlock?: { cidr: string } };
export type Rule = { from?: Peer[]; ports?: Array<{ port: string | number; protocol?: string }> };

/** The service directory of a gRPC service whose name is not its directory's (`WebhookService`). */
const SERVICE_OF_DEFINITION: Readonly<Record<string, string>> = {
  webhook: 'webhook-dispatcher',
  aiproxy: 'ai-proxy',
  // Fast transcription is a second gRPC service of ai-proxy (ADR 0021).
  fasttranscription: 'ai-proxy',
};

/**
 * Who calls whom over gRPC, from the code: each service's src/clients.ts creates one client per
 * service it calls (createClient(<Name>ServiceService, ...), or createStreamingClient). Caller -> callees, sorted.
 */
export async function callGraph(): Promise<Map<string, string[]>> {
  const services = (await readdir(join(repoRoot, 'services'), { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const graph = new Map<string, string[]>();
  for (const service of services) {
    const file = join(repoRoot, 'services', service, 'src/clients.ts');
    if (!existsSync(file)) continue;
    const source = await readFile(file, 'utf8');
    const callees = [...source.matchAll(/create(?:Streaming)?Client\(\s*(\w+)ServiceService\b/g)].map((match) => {
      const name = (match[1] ?? '').toLowerCase();
      return SERVICE_OF_DEFINITION[name] ?? name;
    });
    for (const callee of callees)
      if (!services.includes(callee)) throw new Error(`services/${service} calls ${callee}, which is no service`);
    if (callees.length) graph.set(service, [...new Set(callees)].sort());
  }
  if (graph.size === 0) throw new Error('no services/*/src/clients.ts creates a client: the pattern is stale');
  return graph;
}

/** The components that call a backend, sorted. */
export function callersOf(graph: Map<string, string[]>, backend: string): string[] {
  return [...graph].flatMap(([caller, callees]) => (callees.includes(backend) ? [caller] : [])).sort();
}

export function componentOf(manifest: Manifest): string {
  return manifest.metadata.labels?.['app.kubernetes.io/component'] ?? '';
}

export function policyOf(manifests: Manifest[], component: string): Manifest {
  return find(manifests, 'NetworkPolicy', component);
}

/** The ingress rule of a policy that opens a named port. */
export function ruleFor(policy: Manifest, port: string): Rule | undefined {
  return (policy.spec as { ingress: Rule[] }).ingress.find((rule) => rule.ports?.some((open) => open.port === port));
}

/** The components whose pods (Deployments and Jobs of the release) a pod selector selects, sorted. */
export function selectedComponents(manifests: Manifest[], selector: Selector | undefined): string[] {
  if (!selector) return [];
  if (selector.matchExpressions?.length) throw new Error('matchExpressions: teach this test to read them');
  const labels = Object.entries(selector.matchLabels ?? {});
  const selected = workloads(manifests)
    .filter((workload) => {
      const podLabels = podTemplate(workload).metadata?.labels ?? {};
      return labels.every(([key, value]) => podLabels[key] === value);
    })
    .map(componentOf);
  return [...new Set(selected)].sort();
}
