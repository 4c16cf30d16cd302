import type { StreamHandlers } from '@tp/grpc';
import type { AiProxyServiceService } from '@tp/proto';
import { type RelayCallDeps, relayCall } from '../usecases/relay-call.ts';

/** AiProxyService: Relay is one compat call, its frames sent as they come. */
export function aiProxyServiceHandlers(deps: RelayCallDeps): StreamHandlers<typeof AiProxyServiceService> {
  return {
    async relay(request, ctx, send) {
      const used = await relayCall(deps, request, ctx.signal, send);
      deps.log.info({ operation: request.operation, reference: request.reference, ...used }, 'managed-AI call charged');
    },
  };
}
