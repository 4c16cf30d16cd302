export type { CaptionBurn, DiarizationOptions, JobOptions } from '@tp/proto';
export {
  CAPTION_BURN_KEYS,
  captionBurnFromView,
  captionBurnView,
  type JobOptionsView,
  jobOptionsFromView,
  jobOptionsView,
} from './json-view.ts';
