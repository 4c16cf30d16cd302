/**
 * What a deployment's worker pools serve, as one setting (jobs' ENGINES, which the chart derives
 * from the pools): `engine` serves every model of the engine, `engine:model` that model only, e.g.
 * `pocketsphinx,whisper:base.en,whisper:small.en`. Whisper pools serve the weights the operator
 * mounted, so a profile whose model is not among them is refused at creation.
 */
import { ENGINES, isEngineKind } from './engines.ts';
import { type EngineKind, PROFILES } from './profiles.ts';

export interface ServedEngines {
  engines: ReadonlySet<EngineKind>;
  /** Engines limited to the models named; an engine not here serves every model of its profiles. */
  models: ReadonlyMap<EngineKind, ReadonlySet<string>>;
}

/** The models the catalog's profiles run on an engine, sorted. */
export function catalogModels(engine: EngineKind): string[] {
  return [...new Set(PROFILES.filter((p) => p.engine === engine).map((p) => p.model))].sort();
}

/** Parses the setting; throws an Error naming every bad item (unknown engine, a model no profile of it runs). */
export function parseServedEngines(value: string): ServedEngines {
  const items = [
    ...new Set(
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ];
  if (items.length === 0) throw new Error(`must name at least one engine (${Object.keys(ENGINES).join(', ')})`);
  const engines = new Set<EngineKind>();
  const whole = new Set<EngineKind>();
  const models = new Map<EngineKind, Set<string>>();
  const problems: string[] = [];
  for (const item of items) {
    const [engine = '', model] = item.split(':', 2);
    if (!isEngineKind(engine)) {
      problems.push(`unknown engine ${JSON.stringify(engine)} (known: ${Object.keys(ENGINES).join(', ')})`);
      continue;
    }
    engines.add(engine);
    if (model === undefined) {
      whole.add(engine);
      continue;
    }
    const known = catalogModels(engine);
    if (!known.includes(model)) {
      problems.push(`no profile runs ${engine} model ${JSON.stringify(model)} (its models: ${known.join(', ')})`);
      continue;
    }
    models.set(engine, (models.get(engine) ?? new Set()).add(model));
  }
  if (problems.length > 0) throw new Error(problems.join('; '));
  // `whisper` beside `whisper:base.en` serves every model: the bare name wins.
  for (const engine of whole) models.delete(engine);
  return { engines, models };
}

/** `engine:model` for every limited engine, sorted: the form GetDeployment carries. */
export function servedModelList(models: ReadonlyMap<EngineKind, ReadonlySet<string>>): string[] {
  return [...models].flatMap(([engine, names]) => [...names].map((model) => `${engine}:${model}`)).sort();
}

/** The inverse of servedModelList (entries naming an unknown engine are left out). */
export function servedModelMap(list: readonly string[]): Map<EngineKind, Set<string>> {
  const models = new Map<EngineKind, Set<string>>();
  for (const entry of list) {
    const [engine = '', model = ''] = entry.split(':', 2);
    if (isEngineKind(engine) && model !== '') models.set(engine, (models.get(engine) ?? new Set()).add(model));
  }
  return models;
}
