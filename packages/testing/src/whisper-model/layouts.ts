// The hyper-parameters of the released tiny.en and base.en models.

export type WhisperLayout = 'tiny.en' | 'base.en';

/** Hyper-parameters in file order. */
export interface WhisperHParams {
  nVocab: number;
  nAudioCtx: number;
  nAudioState: number;
  nAudioHead: number;
  nAudioLayer: number;
  nTextCtx: number;
  nTextState: number;
  nTextHead: number;
  nTextLayer: number;
  nMels: number;
  /** 0 = all f32, 1 = f16 for the big matrices (what the released files use). */
  ftype: number;
}

const COMMON = {
  nVocab: 51864,
  nAudioCtx: 1500,
  nTextCtx: 448,
  nMels: 80,
  ftype: 1,
} as const;

export const LAYOUTS: Record<WhisperLayout, WhisperHParams> = {
  'tiny.en': {
    ...COMMON,
    nAudioState: 384,
    nAudioHead: 6,
    nAudioLayer: 4,
    nTextState: 384,
    nTextHead: 6,
    nTextLayer: 4,
  },
  'base.en': {
    ...COMMON,
    nAudioState: 512,
    nAudioHead: 8,
    nAudioLayer: 6,
    nTextState: 512,
    nTextHead: 8,
    nTextLayer: 6,
  },
};
