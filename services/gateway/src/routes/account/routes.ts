import { z } from 'zod';
import { isKnownFeature } from '@tp/catalog';
import { AppError } from '@tp/errors';
import type { GatewayClients } from '../../clients.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { presentEffectiveFeatures } from './presenters.ts';
import { FeatureParams, FeatureSchema } from './schemas.ts';

export function accountRoutes({ accounts }: GatewayClients): AnyRoute[] {
  const effectiveFeatures = async (userId: string) =>
    presentEffectiveFeatures((await accounts.listFeatures({ userId })).features);
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
      handler: async ({ principal }) => effectiveFeatures(principal.userId),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/account/features/{feature_key}',
      operationId: 'getAccountFeature',
      summary: 'One effective feature',
      tag: 'Account',
      access: { kind: 'scope', scope: 'account:read' },
      params: FeatureParams,
      status: 200,
      response: FeatureSchema,
      errors: ['not_found'],
      handler: async ({ principal, params }) => {
        if (!isKnownFeature(params.feature_key))
          throw new AppError('not_found', `Unknown feature "${params.feature_key}".`);
        const features = await effectiveFeatures(principal.userId);
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
        await accounts.deleteAccount({ userId: principal.userId });
      },
    }),
  ];
}
