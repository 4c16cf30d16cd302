// libpocketsphinx in process, through koffi (ADR 0027). Only the decoder host (host-main.ts) loads
// this: a native crash then ends that child process, never a service.
import koffi from 'koffi';
import { decoderOptions, POCKETSPHINX_LIBRARIES, type PocketsphinxSearch } from './model.ts';
import { type RawSegment, UTTERANCE_MARK } from './host-protocol.ts';

/** Samples per call, as the command-line tool reads them. */
const BLOCK_SAMPLES = 2048;

// The head of sphinxbase's feat_t (feat.h, 5prealpha), up to the live CMN state it points to.
koffi.struct('FeatHead', {
  refcount: 'int',
  name: 'void *',
  cepsize: 'int32_t',
  n_stream: 'int32_t',
  stream_len: 'void *',
  window_size: 'int32_t',
  n_sv: 'int32_t',
  sv_len: 'void *',
  subvecs: 'void *',
  sv_buf: 'void *',
  sv_dim: 'int32_t',
  cmn: 'int',
  varnorm: 'int32_t',
  agc: 'int',
  compute_feat: 'void *',
  cmn_struct: 'void *',
});
// sphinxbase's cmn_t (cmn.h, 5prealpha): the live cepstral mean's whole state.
koffi.struct('CmnState', {
  cmn_mean: 'void *',
  cmn_var: 'void *',
  sum: 'void *',
  nframe: 'int32_t',
  veclen: 'int32_t',
});
const CEPSTRUM_SIZE = 13;

/** The live CMN's state at one moment: what a fresh decoder starts from. */
interface CmnSnapshot {
  mean: number[];
  sum: number[];
  nframe: number;
}

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
    ps_get_in_speech: ps.func('uint8_t ps_get_in_speech(void *ps)'),
    ps_get_feat: ps.func('FeatHead *ps_get_feat(void *ps)'),
  };
}

/**
 * A loaded decoder (about 100 MB): the model is read once, then any number of windows are decoded,
 * each exactly as `pocketsphinx_continuous -infile` decodes a file of its own: its voice activity
 * detection splits the window into utterances, the cepstral mean adapts as it goes. A fresh process
 * starts from the model's initial mean and a new stream; so does every window here
 * (`ps_start_stream`, and the live CMN put back to its initial vector), so a window's words never
 * depend on what the host decoded before.
 */
export class PocketsphinxDecoder {
  readonly #f: ReturnType<typeof bind>;
  readonly #decoder: unknown;
  readonly #logmath: unknown;
  readonly #cmn: { cmn_mean: unknown; sum: unknown; pointer: unknown };
  readonly #initial: CmnSnapshot;

  constructor(modelDir: string, search?: PocketsphinxSearch) {
    this.#f = bind();
    const options = { ...decoderOptions(modelDir, search), '-logfn': '/dev/null' };
    const variadic = Object.entries(options).flatMap(([name, value]) => ['str', name, 'str', value]);
    const config = this.#f.cmd_ln_init(null, this.#f.ps_args(), 1, ...variadic, 'str', null);
    if (!config) throw new Error('pocketsphinx refused its configuration');
    this.#decoder = this.#f.ps_init(config);
    if (!this.#decoder) throw new Error(`pocketsphinx could not load the model in ${modelDir}`);
    this.#logmath = this.#f.ps_get_logmath(this.#decoder);
    const feat = koffi.decode(this.#f.ps_get_feat(this.#decoder), 'FeatHead') as {
      cepsize: number;
      cmn_struct: unknown;
    };
    // A library whose feat_t is laid out otherwise than this binding assumes must not be used.
    if (feat.cepsize !== CEPSTRUM_SIZE || !feat.cmn_struct)
      throw new Error(`unexpected libsphinxbase feature layout (cepsize ${feat.cepsize})`);
    const cmn = koffi.decode(feat.cmn_struct, 'CmnState') as {
      cmn_mean: unknown;
      sum: unknown;
      nframe: number;
      veclen: number;
    };
    if (cmn.veclen !== CEPSTRUM_SIZE) throw new Error(`unexpected libsphinxbase CMN layout (veclen ${cmn.veclen})`);
    this.#cmn = { cmn_mean: cmn.cmn_mean, sum: cmn.sum, pointer: feat.cmn_struct };
    this.#initial = {
      mean: koffi.decode(cmn.cmn_mean, 'float', CEPSTRUM_SIZE) as number[],
      sum: koffi.decode(cmn.sum, 'float', CEPSTRUM_SIZE) as number[],
      nframe: cmn.nframe,
    };
  }

  /** Decodes `samples` (16 kHz mono) as a stream of its own; the tokens of each utterance, in order. */
  decode(samples: Int16Array): RawSegment[] {
    const f = this.#f;
    const segments: RawSegment[] = [];
    this.#restoreCmn();
    if (f.ps_start_stream(this.#decoder) < 0 || f.ps_start_utt(this.#decoder) < 0)
      throw new Error('pocketsphinx could not start an utterance');
    let inUtterance = false;
    for (let at = 0; at < samples.length; at += BLOCK_SAMPLES) {
      const block = samples.subarray(at, Math.min(at + BLOCK_SAMPLES, samples.length));
      if (f.ps_process_raw(this.#decoder, block, block.length, 0, 0) < 0) {
        f.ps_end_utt(this.#decoder);
        throw new Error('pocketsphinx could not process the audio');
      }
      const speaking = f.ps_get_in_speech(this.#decoder) !== 0;
      if (speaking) inUtterance = true;
      else if (inUtterance) {
        this.#endUtterance(segments);
        if (f.ps_start_utt(this.#decoder) < 0) throw new Error('pocketsphinx could not start an utterance');
        inUtterance = false;
      }
    }
    if (inUtterance) this.#endUtterance(segments);
    else f.ps_end_utt(this.#decoder);
    return segments;
  }

  /** Puts the live CMN back as the decoder had it when loaded (mean, running sum and frame count). */
  #restoreCmn(): void {
    koffi.encode(this.#cmn.cmn_mean, 'float', this.#initial.mean, CEPSTRUM_SIZE);
    koffi.encode(this.#cmn.sum, 'float', this.#initial.sum, CEPSTRUM_SIZE);
    koffi.encode(this.#cmn.pointer, 'CmnState', {
      ...(koffi.decode(this.#cmn.pointer, 'CmnState') as object),
      nframe: this.#initial.nframe,
    });
  }

  #endUtterance(segments: RawSegment[]): void {
    const f = this.#f;
    if (f.ps_end_utt(this.#decoder) < 0) throw new Error('pocketsphinx could not end the utterance');
    // An utterance boundary for utterancesOf, whatever the pause: the engine's VAD decided.
    segments.push([UTTERANCE_MARK, 0, 0, 1]);
    for (let seg = f.ps_seg_iter(this.#decoder); seg; seg = f.ps_seg_next(seg)) {
      const start = [0];
      const end = [0];
      f.ps_seg_frames(seg, start, end);
      const posterior = f.logmath_exp(this.#logmath, f.ps_seg_prob(seg, [0], [0], [0]));
      segments.push([f.ps_seg_word(seg), start[0]!, end[0]!, posterior]);
    }
  }
}
