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
