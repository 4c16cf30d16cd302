import { z } from 'zod';
import { isKnownFeature } from '@tp/catalog';
import { AppError } from '@tp/errors';
import type { GatewayClients } from '../../clients.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { presentAppExperience, presentEffectiveFeatures, toAppExperienceChange } from './presenters.ts';
import { AccountAppExperienceUpdateRequest, AppExperienceSchema, FeatureParams, FeatureSchema } from './schemas.ts';

/** The signed-in user's app-experience preferences: read whole, changed by a merge patch. */
function appExperienceRoutes(accounts: GatewayClients['accounts']): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/account/app-experience',
      operationId: 'getAccountAppExperience',
      summary: 'The app-experience preferences of the signed-in user',
      description: 'Every field is present: a field the user never set (or reset) holds its default.',
      tag: 'Account',
      access: { kind: 'scope', scope: 'account:read' },
      status: 200,
      response: AppExperienceSchema,
      handler: async ({ principal }) =>
        presentAppExperience((await accounts.getAppExperience({ userId: principal.userId })).preference),
    }),
    defineRoute({
      method: 'patch',
      path: '/api/v1/account/app-experience',
      operationId: 'updateAccountAppExperience',
      summary: 'Change app-experience preferences',
      description:
        'A JSON merge patch (RFC 7396; `application/json` or `application/merge-patch+json`): a field present ' +
        'replaces its value, `null` resets it to its default, a field left out keeps its value. Answers every ' +
        'field. An unknown field, a bad value or an empty object is 422; an internal profile the user may not ' +
        'use is 422 validation_error, as an unknown one.',
      tag: 'Account',
      access: { kind: 'scope', scope: 'account:write' },
      body: AccountAppExperienceUpdateRequest,
      status: 200,
      response: AppExperienceSchema,
      errors: ['validation_error'],
      handler: async ({ principal, body }) =>
        presentAppExperience(
          (await accounts.updateAppExperience({ userId: principal.userId, ...toAppExperienceChange(body) })).preference,
        ),
    }),
  ];
}

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
    ...appExperienceRoutes(accounts),
    defineRoute({
      method: 'delete',
      path: '/api/v1/account',
      operationId: 'deleteAccount',
      summary: 'Delete the account',
      description: 'Deletes the user with every token and session. Only from a signed-in app, never with a token.',
      tag: 'Account',
      access: { kind: 'app_session' },
      status: 204,
      // A session the gateway still trusts for a moment after its account was deleted (the credential cache).
      errors: ['not_found'],
      handler: async ({ principal }) => {
        await accounts.deleteAccount({ userId: principal.userId });
      },
    }),
  ];
}
