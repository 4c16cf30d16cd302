import { join } from 'node:path';

/** The ggml files whisper.cpp's own download script names: `ggml-<model>.bin` (tiny.en, base.en, small.en…). */
export const whisperModelFile = (modelDir: string, model: string) => join(modelDir, `ggml-${model}.bin`);

/** Whisper decodes windows of at most 30 s. */
export const WHISPER_PIECE_SECONDS = 30;
