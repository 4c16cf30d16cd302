// koffi declarations of the whisper.cpp 1.9 C API (issue 19, ADR 0029): the structs whisper_full()
// and friends take and return BY VALUE, field by field as include/whisper.h has them. whisper_full_params
// is 304 bytes on x86-64 Linux; one missing or misplaced field shifts every field after it, so
// checkLayouts() compares each struct's size and key offsets with what gcc gives for the real header.
// Verified on whisper.cpp 1.9.1 (built from source) and 1.9.3 (the @fugood/node-whisper-linux-x64
// prebuilt): the same layouts.

import koffi from 'koffi';
import type { IKoffiCType, IKoffiRegisteredCallback } from 'koffi';

// ---------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------

/** enum whisper_sampling_strategy */
export const WHISPER_SAMPLING_GREEDY = 0;
export const WHISPER_SAMPLING_BEAM_SEARCH = 1;

/** struct whisper_aheads { size_t n_heads; const whisper_ahead * heads; } */
const WhisperAheads = koffi.struct('whisper_aheads', {
  n_heads: 'size_t',
  heads: 'void *',
});

/** struct whisper_context_params (48 bytes on x86-64). */
export const WhisperContextParams = koffi.struct('whisper_context_params', {
  use_gpu: 'bool',
  flash_attn: 'bool',
  gpu_device: 'int',
  dtw_token_timestamps: 'bool',
  dtw_aheads_preset: 'int', // enum whisper_alignment_heads_preset
  dtw_n_top: 'int',
  dtw_aheads: WhisperAheads,
  dtw_mem_size: 'size_t',
});

/** struct whisper_token_data (56 bytes), returned BY VALUE by whisper_full_get_token_data. */
export const WhisperTokenData = koffi.struct('whisper_token_data', {
  id: 'int32_t',
  tid: 'int32_t',
  p: 'float',
  plog: 'float',
  pt: 'float',
  ptsum: 'float',
  t0: 'int64_t', // centiseconds
  t1: 'int64_t',
  t_dtw: 'int64_t',
  vlen: 'float',
});

/** struct whisper_vad_params (24 bytes), embedded at the end of whisper_full_params. */
const WhisperVadParams = koffi.struct('whisper_vad_params', {
  threshold: 'float',
  min_speech_duration_ms: 'int',
  min_silence_duration_ms: 'int',
  max_speech_duration_s: 'float',
  speech_pad_ms: 'int',
  samples_overlap: 'float',
});

/** bool (*ggml_abort_callback)(void * data): return true to abort. */
export const AbortCallback = koffi.proto('bool whisper_abort_cb(void *data)');
/** bool (*whisper_encoder_begin_callback)(ctx, state, user_data): false stops before that encoder pass. */
export const EncoderBeginCallback = koffi.proto(
  'bool whisper_encoder_begin_cb(void *ctx, void *state, void *user_data)',
);
/** void (*ggml_log_callback)(enum ggml_log_level level, const char * text, void * user_data) */
export const LogCallback = koffi.proto('void whisper_log_cb(int level, const char *text, void *user_data)');

/**
 * struct whisper_full_params (304 bytes on x86-64). The callback members are
 * declared as plain pointers except abort_callback and encoder_begin_callback (typed so a registered
 * callback can be stored there); all are NULL in the defaults.
 */
export const WhisperFullParams = koffi.struct('whisper_full_params', {
  strategy: 'int', // enum whisper_sampling_strategy
  n_threads: 'int',
  n_max_text_ctx: 'int',
  offset_ms: 'int',
  duration_ms: 'int',

  translate: 'bool',
  no_context: 'bool',
  no_timestamps: 'bool',
  single_segment: 'bool',
  print_special: 'bool',
  print_progress: 'bool',
  print_realtime: 'bool',
  print_timestamps: 'bool',

  token_timestamps: 'bool',
  thold_pt: 'float',
  thold_ptsum: 'float',
  max_len: 'int',
  split_on_word: 'bool',
  max_tokens: 'int',

  debug_mode: 'bool',
  audio_ctx: 'int',

  tdrz_enable: 'bool',

  suppress_regex: 'const char *',

  initial_prompt: 'const char *',
  carry_initial_prompt: 'bool',
  prompt_tokens: 'void *', // const whisper_token *
  prompt_n_tokens: 'int',

  language: 'const char *',
  detect_language: 'bool',

  suppress_blank: 'bool',
  suppress_nst: 'bool',

  temperature: 'float',
  max_initial_ts: 'float',
  length_penalty: 'float',

  temperature_inc: 'float',
  entropy_thold: 'float',
  logprob_thold: 'float',
  no_speech_thold: 'float',

  greedy: koffi.struct({ best_of: 'int' }),
  beam_search: koffi.struct({ beam_size: 'int', patience: 'float' }),

  new_segment_callback: 'void *',
  new_segment_callback_user_data: 'void *',
  progress_callback: 'void *',
  progress_callback_user_data: 'void *',
  encoder_begin_callback: koffi.pointer(EncoderBeginCallback),
  encoder_begin_callback_user_data: 'void *',
  abort_callback: koffi.pointer(AbortCallback),
  abort_callback_user_data: 'void *',
  logits_filter_callback: 'void *',
  logits_filter_callback_user_data: 'void *',

  grammar_rules: 'void *', // const whisper_grammar_element **
  n_grammar_rules: 'size_t',
  i_start_rule: 'size_t',
  grammar_penalty: 'float',

  vad: 'bool',
  vad_model_path: 'const char *',
  vad_params: WhisperVadParams,
});

/** JS shape of a decoded whisper_full_params (only the members we touch are typed precisely). */
export interface FullParams {
  strategy: number;
  n_threads: number;
  n_max_text_ctx: number;
  offset_ms: number;
  duration_ms: number;
  translate: boolean;
  no_context: boolean;
  no_timestamps: boolean;
  single_segment: boolean;
  print_special: boolean;
  print_progress: boolean;
  print_realtime: boolean;
  print_timestamps: boolean;
  token_timestamps: boolean;
  thold_pt: number;
  thold_ptsum: number;
  max_len: number;
  split_on_word: boolean;
  max_tokens: number;
  debug_mode: boolean;
  audio_ctx: number;
  tdrz_enable: boolean;
  suppress_regex: string | null;
  initial_prompt: string | null;
  carry_initial_prompt: boolean;
  language: string | null;
  detect_language: boolean;
  suppress_blank: boolean;
  suppress_nst: boolean;
  temperature: number;
  max_initial_ts: number;
  length_penalty: number;
  temperature_inc: number;
  entropy_thold: number;
  logprob_thold: number;
  no_speech_thold: number;
  greedy: { best_of: number };
  beam_search: { beam_size: number; patience: number };
  encoder_begin_callback: IKoffiRegisteredCallback | null;
  encoder_begin_callback_user_data: unknown;
  abort_callback: IKoffiRegisteredCallback | null;
  abort_callback_user_data: unknown;
  grammar_penalty: number;
  vad: boolean;
  vad_model_path: string | null;
  vad_params: {
    threshold: number;
    min_speech_duration_ms: number;
    min_silence_duration_ms: number;
    max_speech_duration_s: number;
    speech_pad_ms: number;
    samples_overlap: number;
  };
  [other: string]: unknown;
}

export interface ContextParams {
  use_gpu: boolean;
  flash_attn: boolean;
  gpu_device: number;
  dtw_token_timestamps: boolean;
  dtw_aheads_preset: number;
  dtw_n_top: number;
  dtw_aheads: { n_heads: number; heads: unknown };
  dtw_mem_size: number;
}

export interface TokenData {
  id: number;
  tid: number;
  p: number;
  plog: number;
  pt: number;
  ptsum: number;
  t0: number;
  t1: number;
  t_dtw: number;
  vlen: number;
}

/**
 * Sizes and offsets printed by gcc for include/whisper.h (x86-64 Linux),
 * see layout-check.c. Any mismatch means the koffi declarations are wrong.
 */
const EXPECTED_LAYOUT = {
  whisper_context_params: { size: 48, offsets: { dtw_aheads: 24, dtw_mem_size: 40 } },
  whisper_token_data: { size: 56, offsets: { t0: 24, t1: 32, t_dtw: 40, vlen: 48 } },
  whisper_full_params: {
    size: 304,
    offsets: {
      token_timestamps: 28,
      thold_pt: 32,
      max_tokens: 48,
      suppress_regex: 64,
      prompt_tokens: 88,
      language: 104,
      detect_language: 112,
      temperature: 116,
      no_speech_thold: 140,
      greedy: 144,
      beam_search: 148,
      new_segment_callback: 160,
      abort_callback: 208,
      grammar_rules: 240,
      grammar_penalty: 264,
      vad: 268,
      vad_model_path: 272,
      vad_params: 280,
    },
  },
} as const;

/** Throws if a koffi struct does not have the size/offsets the C compiler gives. */
export function checkLayouts(): void {
  const types: Record<keyof typeof EXPECTED_LAYOUT, IKoffiCType> = {
    whisper_context_params: WhisperContextParams,
    whisper_token_data: WhisperTokenData,
    whisper_full_params: WhisperFullParams,
  };
  for (const name of Object.keys(EXPECTED_LAYOUT) as (keyof typeof EXPECTED_LAYOUT)[]) {
    const want = EXPECTED_LAYOUT[name];
    const type = types[name];
    const size = koffi.sizeof(type);
    if (size !== want.size) throw new Error(`${name}: koffi size ${size} != C size ${want.size}`);
    for (const [field, off] of Object.entries(want.offsets)) {
      const got = koffi.offsetof(type, field);
      if (got !== off) throw new Error(`${name}.${field}: koffi offset ${got} != C offset ${off}`);
    }
  }
}
