import type { Deployment, EngineKind } from '@tp/catalog';

export interface GetDeploymentDeps {
  /** The engines of the deployment's worker pools (ENGINES). */
  engines: ReadonlySet<EngineKind>;
}

/** What this deployment runs: the deployment CreateJob judges requests by. */
export function getDeployment(deps: GetDeploymentDeps): Deployment {
  return { engines: deps.engines };
}
