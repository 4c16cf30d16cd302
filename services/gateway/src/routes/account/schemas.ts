import { z } from 'zod';
import { timestamp } from '../shared/schemas.ts';

export const FeatureSchema = z
  .object({
    feature_key: z.string(),
    enabled: z.boolean(),
    description: z.string(),
    granted_at: timestamp.nullable(),
  })
  .meta({ id: 'Feature' });

export const FeatureParams = z.object({ feature_key: z.string().min(1).max(100) });
