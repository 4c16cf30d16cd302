import { type EngineKind, FAST_TRANSCRIPTION, findProfile, isProfileAvailable, PROFILES } from '@tp/catalog';
import { AppError } from '@tp/errors';

/** The engine svc-fast runs on. */
export const FAST_ENGINE: EngineKind = 'pocketsphinx';

export interface FastModel {
  /** What the caller named: svc-fast or a profile codename. */
  name: string;
  engine: EngineKind;
}

/**
 * The model a fast transcription names (ADR 0021): `svc-fast`, or a profile this user may use whose
 * live route runs in the cloud. A profile whose live route runs on the device is refused with
 * `live_runs_on_device` and a `cloud_fallback` this user can use here: the profile's own fallback
 * when the user may use it and its engine runs in this deployment, else svc-fast. Anything else is
 * a 422 naming `model`; a profile whose engine is not installed is `profile_unavailable`.
 */
export function resolveFastModel(
  model: string,
  features: ReadonlySet<string>,
  runs: (engine: EngineKind) => boolean,
): FastModel {
  if (model === FAST_TRANSCRIPTION.alias) return { name: model, engine: FAST_ENGINE };
  const profile = findProfile(model);
  if (!profile || !isProfileAvailable(profile, features)) {
    const usable = PROFILES.filter((p) => p.liveRoute === 'cloud' && isProfileAvailable(p, features)).map(
      (p) => p.codename,
    );
    throw new AppError(
      'validation_error',
      `Unknown model "${model.slice(0, 64)}"; use ${[FAST_TRANSCRIPTION.alias, ...usable].join(', ')}.`,
      { param: 'model' },
    );
  }
  if (profile.liveRoute === 'device') {
    const own = profile.cloudFallback ? findProfile(profile.cloudFallback) : undefined;
    const fallback =
      own && isProfileAvailable(own, features) && runs(own.engine) ? own.codename : FAST_TRANSCRIPTION.alias;
    throw new AppError(
      'live_runs_on_device',
      `The live route of "${profile.codename}" runs on the device; use the cloud model "${fallback}" here.`,
      { param: 'model', cloud_fallback: fallback },
    );
  }
  if (!runs(profile.engine))
    throw new AppError(
      'profile_unavailable',
      `The engine of "${profile.codename}" is not installed in this deployment; use "${FAST_TRANSCRIPTION.alias}".`,
      { param: 'model' },
    );
  return { name: profile.codename, engine: profile.engine };
}
