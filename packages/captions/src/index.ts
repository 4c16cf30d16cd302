/** Captions burnt into video: the style options of a caption burn job, the cue layout, the ASS file and the ffmpeg run. */
export {
  AUDIO_ONLY_CANVAS,
  CAPTION_ALIGNMENTS,
  CAPTION_FONT_PACKAGES,
  CAPTION_FONTS,
  CaptionBurnOptionsSchema,
  parseCaptionBurnOptions,
  type CaptionAlignment,
  type CaptionBurnOptions,
  type CaptionBurnOptionsInput,
  type CaptionFont,
} from './style.ts';
export {
  MAX_PAUSE_SECONDS,
  MIN_CUE_SECONDS,
  captionCues,
  type Cue,
  type CueLayoutOptions,
  type CueWord,
} from './cues.ts';
export { fittedLayout, fittingLineLength, type FitOptions } from './fit.ts';
export { assColor, assDocument, assText, assTime, type AssStyleOptions } from './ass.ts';
export { burnArgs, outputSize, plainEncodeArgs, type BurnInput, type EncodeInput } from './burn-args.ts';
export { BurnCancelledError, BurnFailedError, burnCaptions, type BurnResult } from './burn.ts';
export { checkCaptionRenderer } from './renderer-check.ts';
export { probeOutput, type ProbedOutput, type ProbedStream } from './probe.ts';
