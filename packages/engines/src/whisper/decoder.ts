// Whisper in a decoder host (ADR 0029): the model loaded once through whisper.cpp's C API, then one
// piece of audio (at most 30 s, whisper's window) decoded per request into timed, scored tokens.
import koffi from 'koffi';
import { EncoderBeginCallback, type FullParams } from './abi.ts';
import { contextDefaults, fullDefaults, loadWhisperApi, type WhisperApi, type WhisperContext } from './api.ts';

/** One text token: its text (a leading space starts a word), start and end in centiseconds, probability. */
export type RawToken = [text: string, t0: number, t1: number, p: number];

export interface WhisperDecoderOptions {
  library: string;
  model: string;
  /** Threads of one decode (whisper's n_threads). */
  threads: number;
  /** Offload to the GPU backend the library was built with (CUDA); without one whisper.cpp stays on the CPU. */
  useGpu: boolean;
}

const MAX_TOKENS_PER_SECOND = 8;
/**
 * whisper.cpp gives a decode at most n_text_ctx / 2 - 4 = 220 tokens; one that reaches that limit
 * counts as a repetition loop, and whisper then re-encodes the window from its last timestamp, pass
 * after pass. Ending below it (max_tokens), the segment ends cleanly and single_segment moves past
 * the whole piece: one encoder pass per piece. 200 tokens is 6.7 a second of a 30 s piece (speech
 * has 3 to 4).
 */
const MAX_TOKENS_PER_PIECE = 200;

export class WhisperDecoder {
  readonly #api: WhisperApi;
  readonly #context: WhisperContext;
  readonly #params: FullParams;
  /** Encoder passes whisper began (or asked to begin) in the last decode: 1 for any piece. */
  lastPasses = 0;

  constructor(options: WhisperDecoderOptions) {
    this.#api = loadWhisperApi(options.library);
    const contextParams = { ...contextDefaults(this.#api), use_gpu: options.useGpu };
    const context = this.#api.initFromFileWithParams(options.model, contextParams);
    if (!context) throw new Error(`whisper could not load the model ${options.model}`);
    this.#context = context;
    this.#params = {
      ...fullDefaults(this.#api),
      n_threads: options.threads,
      // A piece is one window: one segment, decoded greedily without temperature fallback (bounded
      // time per piece whatever the audio), with a time for every token.
      single_segment: true,
      no_context: true,
      token_timestamps: true,
      temperature_inc: 0,
      greedy: { best_of: 1 },
      // One encoder pass per piece, whatever whisper's seek loop would do: a second is refused
      // (whisper then ends the decode with what it has). Pieces are at most one window long.
      encoder_begin_callback: koffi.register(() => {
        this.lastPasses += 1;
        return this.lastPasses <= 1;
      }, koffi.pointer(EncoderBeginCallback)),
      print_progress: false,
      print_realtime: false,
      print_timestamps: false,
      print_special: false,
    };
  }

  /** The text tokens of one piece of 16 kHz mono float PCM. */
  decode(samples: Float32Array, language: string): RawToken[] {
    // At most 8 tokens a second of audio (speech has 3 to 4): a model caught in a repetition loop
    // (a known failure of whisper, and what random weights always do) stops there.
    const max_tokens = Math.min(
      MAX_TOKENS_PER_PIECE,
      Math.max(16, Math.ceil((samples.length / 16_000) * MAX_TOKENS_PER_SECOND)),
    );
    this.lastPasses = 0;
    const rc = this.#api.full(this.#context, { ...this.#params, language, max_tokens }, samples, samples.length);
    if (rc !== 0) throw new Error(`whisper_full failed (${rc})`);
    const eot = this.#api.tokenEot(this.#context);
    const tokens: RawToken[] = [];
    for (let segment = 0; segment < this.#api.fullNSegments(this.#context); segment += 1) {
      for (let token = 0; token < this.#api.fullNTokens(this.#context, segment); token += 1) {
        const data = this.#api.fullGetTokenData(this.#context, segment, token);
        // Special tokens (end of text, timestamps, language…) come at and after end-of-text.
        if (data.id >= eot) continue;
        const text = this.#api.fullGetTokenText(this.#context, segment, token);
        tokens.push([text, Number(data.t0), Number(data.t1), data.p]);
      }
    }
    return tokens;
  }
}
