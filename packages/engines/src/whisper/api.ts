// The whisper.cpp C functions the decoder uses, bound with koffi on a libwhisper.so (ADR 0029).
import { dirname } from 'node:path';
import koffi from 'koffi';
import type { IKoffiLib, IKoffiRegisteredCallback } from 'koffi';
import {
  type ContextParams,
  checkLayouts,
  type FullParams,
  LogCallback,
  type TokenData,
  WhisperContextParams,
  WhisperFullParams,
  WhisperTokenData,
} from './abi.ts';

/** Opaque `struct whisper_context *`. */
export type WhisperContext = { readonly __brand: 'whisper_context' };
type RawPointer = { readonly __brand: 'raw_pointer' };

koffi.pointer('whisper_context', koffi.opaque());

/** A typed view of the C functions (koffi's own are `(...args: any[]) => any`). */
export interface WhisperApi {
  logSet(callback: IKoffiRegisteredCallback, userData: null): void;
  contextDefaultParamsByRef(): RawPointer;
  freeContextParams(params: RawPointer): void;
  fullDefaultParamsByRef(strategy: number): RawPointer;
  freeParams(params: RawPointer): void;
  initFromFileWithParams(path: string, params: ContextParams): WhisperContext | null;
  free(context: WhisperContext): void;
  /** 0 on success. */
  full(context: WhisperContext, params: FullParams, samples: Float32Array, count: number): number;
  fullNSegments(context: WhisperContext): number;
  fullNTokens(context: WhisperContext, segment: number): number;
  fullGetTokenText(context: WhisperContext, segment: number, token: number): string;
  fullGetTokenData(context: WhisperContext, segment: number, token: number): TokenData;
  tokenEot(context: WhisperContext): number;
  isMultilingual(context: WhisperContext): number;
}

function bind(lib: IKoffiLib): WhisperApi {
  const api = {
    logSet: lib.func('void whisper_log_set(whisper_log_cb *cb, void *user_data)'),
    contextDefaultParamsByRef: lib.func('void *whisper_context_default_params_by_ref(void)'),
    freeContextParams: lib.func('void whisper_free_context_params(void *params)'),
    fullDefaultParamsByRef: lib.func('void *whisper_full_default_params_by_ref(int strategy)'),
    freeParams: lib.func('void whisper_free_params(void *params)'),
    initFromFileWithParams: lib.func('whisper_init_from_file_with_params', 'whisper_context *', [
      'const char *',
      WhisperContextParams,
    ]),
    free: lib.func('void whisper_free(whisper_context *ctx)'),
    // whisper_full_params goes BY VALUE (304 bytes), whisper_token_data comes back by value.
    full: lib.func('whisper_full', 'int', ['whisper_context *', WhisperFullParams, 'const float *', 'int']),
    fullNSegments: lib.func('int whisper_full_n_segments(whisper_context *ctx)'),
    fullNTokens: lib.func('int whisper_full_n_tokens(whisper_context *ctx, int i_segment)'),
    fullGetTokenText: lib.func(
      'const char *whisper_full_get_token_text(whisper_context *ctx, int i_segment, int i_token)',
    ),
    fullGetTokenData: lib.func('whisper_full_get_token_data', WhisperTokenData, ['whisper_context *', 'int', 'int']),
    tokenEot: lib.func('int32_t whisper_token_eot(whisper_context *ctx)'),
    isMultilingual: lib.func('int whisper_is_multilingual(whisper_context *ctx)'),
  };
  return api as unknown as WhisperApi;
}

let silencer: IKoffiRegisteredCallback | undefined;

/**
 * A library built with ggml's backends as modules (the images' portable and cuda builds of
 * tools/dev/whisper-lib.ts, GGML_BACKEND_DL) registers no backend until asked: load the best CPU
 * variant for this CPU, and CUDA's where it was built and a driver is there, from the library's own
 * folder. A native build has its CPU backend linked in and registered already. (The ggml functions
 * are found through libwhisper's handle: dlsym searches the libraries it depends on.)
 */
function loadBackends(lib: IKoffiLib, libraryPath: string): number {
  const registered = lib.func('size_t ggml_backend_reg_count(void)') as () => number | bigint;
  if (Number(registered()) > 0) return Number(registered());
  const folder = dirname(libraryPath);
  lib.func('void ggml_backend_load_all_from_path(const char *dir_path)')(folder);
  const count = Number(registered());
  if (count === 0) throw new Error(`${folder}: no ggml backend (libggml-cpu-*.so) loads from the library's folder`);
  return count;
}

/** Opens libwhisper.so, binds the functions and silences whisper's log (a NULL callback would restore stderr). */
export function loadWhisperApi(libraryPath: string): WhisperApi {
  checkLayouts();
  const lib = koffi.load(libraryPath);
  loadBackends(lib, libraryPath);
  const api = bind(lib);
  silencer ??= koffi.register(() => undefined, koffi.pointer(LogCallback));
  api.logSet(silencer, null);
  return api;
}

/** Default-filled parameters (the *_by_ref functions allocate: copied out, then freed). */
export function contextDefaults(api: WhisperApi): ContextParams {
  const pointer = api.contextDefaultParamsByRef();
  try {
    return koffi.decode(pointer, WhisperContextParams) as ContextParams;
  } finally {
    api.freeContextParams(pointer);
  }
}

export function fullDefaults(api: WhisperApi, strategy = 0): FullParams {
  const pointer = api.fullDefaultParamsByRef(strategy);
  try {
    return koffi.decode(pointer, WhisperFullParams) as FullParams;
  } finally {
    api.freeParams(pointer);
  }
}
