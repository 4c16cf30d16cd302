import { z } from 'zod';
import { AppError } from '@tp/errors';
import { FEATURES, isKnownFeature } from '@tp/catalog';
import type { Backends } from '../backends.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { iso, timestamp } from './schemas.ts';

const FeatureSchema = z
  .object({
    feature_key: z.string(),
    enabled: z.boolean(),
    description: z.string(),
    granted_at: timestamp.nullable(),
  })
  .meta({ id: 'Feature' });

export function accountRoutes({ accounts }: Backends): AnyRoute[] {
  async function effectiveFeatures(userId: string) {
    const { features } = await accounts.listFeatures({ userId });
    const granted = new Map(features.filter((f) => f.enabled).map((f) => [f.featureKey, f]));
    return Object.entries(FEATURES).map(([key, description]) => ({
      feature_key: key,
      enabled: granted.has(key),
      description,
      granted_at: iso(granted.get(key)?.grantedAt),
    }));
  }

  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/account/features',
      operationId: 'listAccountFeatures',
      summary: 'Effective features of the signed-in user',
      tag: 'Account',
      access: { kind: 'scope', scope: 'account:read' },
      status: 200,
      response: z.array(FeatureSchema),
      handler: async ({ principal }) => effectiveFeatures(principal!.userId),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/account/features/{feature_key}',
      operationId: 'getAccountFeature',
      summary: 'One effective feature',
      tag: 'Account',
      access: { kind: 'scope', scope: 'account:read' },
      params: z.object({ feature_key: z.string().min(1).max(100) }),
      status: 200,
      response: FeatureSchema,
      errors: ['not_found'],
      handler: async ({ principal, params }) => {
        if (!isKnownFeature(params.feature_key)) throw new AppError('not_found', `Unknown feature "${params.feature_key}".`);
        const features = await effectiveFeatures(principal!.userId);
        return features.find((f) => f.feature_key === params.feature_key)!;
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/account',
      operationId: 'deleteAccount',
      summary: 'Delete the account',
      description: 'Deletes the user with every token and session. Only from a signed-in app, never with a token.',
      tag: 'Account',
      access: { kind: 'app_session' },
      status: 204,
      handler: async ({ principal }) => {
        await accounts.deleteAccount({ userId: principal!.userId });
      },
    }),
  ];
}
