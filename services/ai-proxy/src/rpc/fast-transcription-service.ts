import type { ServiceHandlers } from '@tp/grpc';
import type { FastTranscriptionServiceService } from '@tp/proto';
import { type FastTranscribeDeps, fastTranscribe } from '../fast/fast-transcribe.ts';

/** FastTranscriptionService: one short clip, transcribed while the gateway waits (ADR 0021). */
export function fastTranscriptionHandlers(
  deps: FastTranscribeDeps,
): ServiceHandlers<typeof FastTranscriptionServiceService> {
  return {
    async transcribe(request, ctx) {
      const answer = await fastTranscribe(deps, request, ctx.signal);
      deps.log.info(
        {
          reference: request.reference,
          model: answer.model,
          noSpeech: answer.noSpeech,
          seconds: answer.durationSeconds,
          inputTokens: answer.inputTokens,
          outputTokens: answer.outputTokens,
          guardMs: answer.guardMs,
          engineMs: answer.engineMs,
        },
        'fast transcription answered',
      );
      return answer;
    },
  };
}
