export {
  DEFAULT_THRESHOLDS,
  decideSpeech,
  FRAME_SECONDS,
  type SpeechDecision,
  type SpeechThresholds,
} from './decision.ts';
export {
  createSpeechGuard,
  type SpeechGuard,
  type SpeechGuardOptions,
  type SpeechVerdict,
  type WavVerdict,
} from './guard.ts';
export { downmix, int16ToFloat, resample, VAD_SAMPLE_RATE } from './resample.ts';
export { decodePcmWav, looksLikeWav, type PcmAudio, WavDecodeError, type WavErrorCode } from './wav.ts';
export { DEFAULT_WINDOW_SETTINGS, type FrameSpan, WindowPlanner, type WindowSettings } from './window-plan.ts';
export {
  createSpeechWindower,
  DEFAULT_CONTEXT_SECONDS,
  type SpeechWindow,
  type SpeechWindower,
  type WindowerSettings,
  type WindowerStats,
} from './windower.ts';
export type { VadStream } from './guard.ts';
