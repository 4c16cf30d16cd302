import { defineAccess } from '@tp/grpc';
import { AiProxyServiceService } from '@tp/proto';

/** Who may call AiProxyService (ADR 0011): only the gateway, for the user the request names. */
export const AI_PROXY_ACCESS = defineAccess(AiProxyServiceService, {
  relay: { gateway: 'user' },
});
