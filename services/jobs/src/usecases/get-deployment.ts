import type { Deployment, EngineKind, LanguagePair } from '@tp/catalog';

export interface GetDeploymentDeps {
  /** The engines of the deployment's worker pools (ENGINES). */
  engines: ReadonlySet<EngineKind>;
  /** The language pairs its workers translate (TRANSLATION_PAIRS). */
  translations: readonly LanguagePair[];
}

/** What this deployment runs: the deployment CreateJob judges requests by. */
export function getDeployment(deps: GetDeploymentDeps): Deployment {
  return { engines: deps.engines, translations: deps.translations };
}
