import type { Deployment, EngineKind, LanguagePair } from '@tp/catalog';

export interface GetDeploymentDeps {
  /** The engines of the deployment's worker pools (ENGINES). */
  engines: ReadonlySet<EngineKind>;
  /** Engines limited to the models named (ENGINES' `engine:model` items). */
  models: ReadonlyMap<EngineKind, ReadonlySet<string>>;
  /** The language pairs its workers translate (TRANSLATION_PAIRS). */
  translations: readonly LanguagePair[];
}

/** What this deployment runs: the deployment CreateJob judges requests by. */
export function getDeployment(deps: GetDeploymentDeps): Deployment {
  return { engines: deps.engines, models: deps.models, translations: deps.translations };
}
