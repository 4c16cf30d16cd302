// libpocketsphinx in process, through koffi (ADR 0027). Only the decoder host (host-main.ts) loads
// this: a native crash then ends that child process, never a service.
import koffi from 'koffi';
import { pocketsphinxModel } from './model.ts';

/** One token the search kept: a word, a filler or silence; frames of 10 ms from the utterance's start. */
export type RawSegment = [token: string, startFrame: number, endFrame: number, posterior: number];

/** The model's frames per second (pocketsphinx's `-frate` default, which is never changed here). */
export const FRAMES_PER_SECOND = 100;
const DITHER_SEED = 1;

/** The shared libraries of the Debian packages libpocketsphinx3 and libsphinxbase3 (pocketsphinx depends on both). */
export const POCKETSPHINX_LIBRARIES = { pocketsphinx: 'libpocketsphinx.so.3', sphinxbase: 'libsphinxbase.so.3' };

function bind() {
  const ps = koffi.load(POCKETSPHINX_LIBRARIES.pocketsphinx);
  const sb = koffi.load(POCKETSPHINX_LIBRARIES.sphinxbase);
  return {
    ps_args: ps.func('void *ps_args()'),
    cmd_ln_init: sb.func('void *cmd_ln_init(void *inout, void *defn, int strict, ...)'),
    ps_init: ps.func('void *ps_init(void *config)'),
    ps_start_stream: ps.func('int ps_start_stream(void *ps)'),
    ps_start_utt: ps.func('int ps_start_utt(void *ps)'),
    ps_end_utt: ps.func('int ps_end_utt(void *ps)'),
    ps_process_raw: ps.func(
      'int ps_process_raw(void *ps, const int16_t *data, size_t n_samples, int no_search, int full_utt)',
    ),
    ps_seg_iter: ps.func('void *ps_seg_iter(void *ps)'),
    ps_seg_next: ps.func('void *ps_seg_next(void *seg)'),
    ps_seg_word: ps.func('const char *ps_seg_word(void *seg)'),
    ps_seg_frames: ps.func('void ps_seg_frames(void *seg, _Out_ int *sf, _Out_ int *ef)'),
    ps_seg_prob: ps.func(
      'int32_t ps_seg_prob(void *seg, _Out_ int32_t *ascr, _Out_ int32_t *lscr, _Out_ int32_t *lback)',
    ),
    ps_get_logmath: ps.func('void *ps_get_logmath(void *ps)'),
    logmath_exp: sb.func('double logmath_exp(void *lmath, int logb_p)'),
    fe_init_dither: sb.func('void fe_init_dither(int seed)'),
  };
}

/**
 * A loaded decoder (about 100 MB): the model is read once, then any number of utterances are
 * decoded. Each utterance is decoded whole (`full_utt`) with its own cepstral mean (`-cmn batch`),
 * so no state passes from one utterance to the next (one job's audio never colours another's) and a
 * window needs no audio before it to settle; `-remove_silence no` keeps every frame, so times count
 * from the utterance's first sample.
 */
export class PocketsphinxDecoder {
  readonly #f: ReturnType<typeof bind>;
  readonly #decoder: unknown;
  readonly #logmath: unknown;

  constructor(modelDir: string) {
    this.#f = bind();
    const model = pocketsphinxModel(modelDir);
    const args = { '-hmm': model.hmm, '-dict': model.dict, '-lm': model.lm };
    const options = { ...args, '-cmn': 'batch', '-remove_silence': 'no', '-dither': 'yes', '-logfn': '/dev/null' };
    const variadic = Object.entries(options).flatMap(([name, value]) => ['str', name, 'str', value]);
    const config = this.#f.cmd_ln_init(null, this.#f.ps_args(), 1, ...variadic, 'str', null);
    if (!config) throw new Error('pocketsphinx refused its configuration');
    this.#decoder = this.#f.ps_init(config);
    if (!this.#decoder) throw new Error(`pocketsphinx could not load the model in ${modelDir}`);
    this.#logmath = this.#f.ps_get_logmath(this.#decoder);
  }

  /** Decodes `samples` (16 kHz mono) as one utterance; its tokens in order. */
  decode(samples: Int16Array): RawSegment[] {
    const f = this.#f;
    if (samples.length === 0) return [];
    f.fe_init_dither(DITHER_SEED);
    if (f.ps_start_stream(this.#decoder) < 0 || f.ps_start_utt(this.#decoder) < 0)
      throw new Error('pocketsphinx could not start an utterance');
    if (f.ps_process_raw(this.#decoder, samples, samples.length, 0, 1) < 0) {
      f.ps_end_utt(this.#decoder);
      throw new Error('pocketsphinx could not process the audio');
    }
    if (f.ps_end_utt(this.#decoder) < 0) throw new Error('pocketsphinx could not end the utterance');
    const segments: RawSegment[] = [];
    for (let seg = f.ps_seg_iter(this.#decoder); seg; seg = f.ps_seg_next(seg)) {
      const start = [0];
      const end = [0];
      f.ps_seg_frames(seg, start, end);
      const posterior = f.logmath_exp(this.#logmath, f.ps_seg_prob(seg, [0], [0], [0]));
      segments.push([f.ps_seg_word(seg), start[0]!, end[0]!, posterior]);
    }
    return segments;
  }
}
