import { defineAccess } from '@tp/grpc';
import { AiProxyServiceService, FastTranscriptionServiceService } from '@tp/proto';

/** Who may call AiProxyService (ADR 0011): only the gateway, for the user the request names. */
export const AI_PROXY_ACCESS = defineAccess(AiProxyServiceService, {
  relay: { gateway: 'user' },
});

/** Who may call FastTranscriptionService (ADR 0021): only the gateway, for the user the request names. */
export const FAST_TRANSCRIPTION_ACCESS = defineAccess(FastTranscriptionServiceService, {
  transcribe: { gateway: 'user' },
});
