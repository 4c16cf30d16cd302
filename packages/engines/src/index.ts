export { EngineError, EngineUnavailableError, type SpeechEngine, type TranscribeOptions } from './engine.ts';
export { EnginePool } from './engine-pool.ts';
export { IMPLEMENTED_ENGINES, engineRefusal, createEngines, closeEngines, type EngineSettings } from './registry.ts';
export {
  createPocketsphinxEngine,
  pocketsphinxArgs,
  resolveExecutable,
  type PocketsphinxOptions,
} from './pocketsphinx/pocketsphinx.ts';
export {
  pocketsphinxModel,
  POCKETSPHINX_MODEL,
  DEFAULT_POCKETSPHINX_SEARCH,
  TOOL_DEFAULT_SEARCH,
  type PocketsphinxSearch,
} from './pocketsphinx/model.ts';
export {
  createPocketsphinxLibraryEngine,
  MAX_UTTERANCE_SECONDS,
  type PocketsphinxLibraryEngine,
  type PocketsphinxLibraryOptions,
} from './pocketsphinx/library-engine.ts';
export { PocketsphinxOutputParser, parsePocketsphinxOutput } from './pocketsphinx/pocketsphinx-output.ts';
export {
  startDecoding,
  decodeArgs,
  ffmpegInputArgs,
  type DecodeInput,
  type DecodeOptions,
  type DecodeRange,
  type DecodeOutcome,
  type Decoding,
} from './decode/ffmpeg-decoder.ts';
export {
  DecodeError,
  classifyDecodeFailure,
  sanitizeFfmpegLine,
  type DecodeFailure,
  type DecodeFailureKind,
} from './decode/decode-failure.ts';
export { checkFfmpeg } from './decode/ffmpeg-check.ts';
export { needsSeekableInput } from './decode/seekable-input.ts';
export { spawnInGroup, killAllGroups, liveGroupCount, type ChildExit, type GroupChild } from './process-group.ts';
export { PCM_SAMPLE_RATE, PCM_BYTES_PER_SECOND } from './pcm.ts';
export type { Recognition, RecognizedWord, Utterance } from './recognition.ts';
export {
  transcribeClip,
  decodeClip,
  recognizeClip,
  ClipTooLongError,
  type TranscribeClipOptions,
  type DecodeClipOptions,
  type RecognizeClipOptions,
  type DecodedClip,
  type ClipTranscription,
  type ClipWord,
  type ClipSegment,
} from './clip.ts';
export {
  engineToolSettings,
  engineListSetting,
  DEFAULT_POCKETSPHINX_MODEL_DIR,
  ENGINE_OS_PACKAGES,
} from './settings.ts';
export { createWhisperEngine, type WhisperEngine, type WhisperEngineOptions } from './whisper/engine.ts';
export { whisperModelFile } from './whisper/model.ts';
export {
  whisperSettings,
  whisperModelsToServe,
  DEFAULT_WHISPER_LIBRARY,
  DEFAULT_WHISPER_MODEL_DIR,
  type WhisperSettings,
} from './whisper/settings.ts';
export { EngineSet, type EngineEntry } from './engine-set.ts';
