import { z } from 'zod';
import { availableProfiles, isEngineKind, servedModelMap } from '@tp/catalog';
import type { GatewayClients } from '../../clients.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { presentModel } from './presenters.ts';
import { ModelSchema } from './schemas.ts';

export function modelRoutes({ jobs }: GatewayClients): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/models',
      operationId: 'listModels',
      summary: 'List transcription profiles',
      description:
        'Public profiles always; internal profiles only for users granted their feature. A token is optional. ' +
        '`execution_modes` lists `client_local` only for users granted the feature `jobs.client_local`. ' +
        'Whether each is available and what its jobs may ask for come from what this deployment runs, as job ' +
        'creation judges it.',
      tag: 'Models',
      access: { kind: 'optional' },
      status: 200,
      response: z.array(ModelSchema),
      handler: async ({ principal }) => {
        // Jobs holds the deployment (its ENGINES and TRANSLATION_PAIRS) and judges every CreateJob by it.
        const { engines, models, translations } = await jobs.getDeployment({});
        const deployment = {
          engines: new Set(engines.filter(isEngineKind)),
          models: servedModelMap(models),
          translations,
        };
        const features = principal?.features ?? new Set<string>();
        return availableProfiles(features).map((p) => presentModel(p, deployment, features));
      },
    }),
  ];
}
