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
