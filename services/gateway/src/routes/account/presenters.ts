import type { z } from 'zod';
import { FEATURES } from '@tp/catalog';
import type { Feature } from '@tp/proto';
import { iso } from '../shared/presenters.ts';
import type { FeatureSchema } from './schemas.ts';

/** Every feature of the catalog, enabled where the user holds an enabled grant. */
export function presentEffectiveFeatures(features: Feature[]): z.infer<typeof FeatureSchema>[] {
  const granted = new Map(features.filter((f) => f.enabled).map((f) => [f.featureKey, f]));
  return Object.entries(FEATURES).map(([key, description]) => ({
    feature_key: key,
    enabled: granted.has(key),
    description,
    granted_at: iso(granted.get(key)?.grantedAt),
  }));
}
