// Writes random-weight Whisper models in the legacy ggml file format that
// whisper.cpp 1.9.3 loads (src/whisper.cpp, whisper_model_load).
//
// The output text of such a model is meaningless, but the file has exactly the
// layout, tensor shapes and tensor types of the real ggml-tiny.en.bin /
// ggml-base.en.bin, so loading, memory use and compute time are realistic.
//
// File layout (all little-endian):
//   u32  magic 0x67676d6c ("ggml")
//   i32  n_vocab, n_audio_ctx, n_audio_state, n_audio_head, n_audio_layer,
//        n_text_ctx, n_text_state, n_text_head, n_text_layer, n_mels, ftype
//   i32  n_mel, i32 n_fft, f32[n_mel * n_fft]        mel filterbank
//   i32  n_tokens, then per token: u32 len, bytes   vocab (text tokens only)
//   per tensor: i32 n_dims, i32 name_len, i32 ttype (0 = f32, 1 = f16),
//               i32 ne[n_dims] (ggml order: ne[0] is the contiguous dim),
//               name bytes, raw data
//
// The .en vocab in the real files holds the 50256 GPT-2 text tokens only;
// whisper.cpp appends the 1608 special tokens itself (<|endoftext|> = 50256,
// <|startoftranscript|> = 50257, language tokens, timestamps from 50363 on).
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { LAYOUTS, type WhisperHParams, type WhisperLayout } from './layouts.ts';
import { melFilterbank, N_FFT } from './mel-filters.ts';
import { fillNormal, Rng } from './random.ts';
import { GGML_TYPE_F16, type TensorSpec, tensorSpecs } from './tensors.ts';
import { syntheticVocab } from './vocab.ts';

const GGML_MAGIC = 0x67676d6c;
/** Scratch space for generating tensor data chunk by chunk. */
const SCRATCH_BYTES = 1 << 20;
const SCRATCH = new ArrayBuffer(SCRATCH_BYTES);

/** Accumulates small writes into a 4 MiB buffer and flushes it to the file. */
class ChunkWriter {
  private readonly buf = Buffer.allocUnsafe(4 << 20);
  private used = 0;
  private readonly fh: FileHandle;

  constructor(fh: FileHandle) {
    this.fh = fh;
  }

  /** Reserves `n` bytes (n <= buffer size) and returns a view to fill. */
  async reserve(n: number): Promise<Buffer> {
    if (this.used + n > this.buf.length) await this.flush();
    const view = this.buf.subarray(this.used, this.used + n);
    this.used += n;
    return view;
  }

  async i32(...values: number[]): Promise<void> {
    const b = await this.reserve(4 * values.length);
    for (const [i, v] of values.entries()) b.writeInt32LE(v, 4 * i);
  }

  async u32(v: number): Promise<void> {
    (await this.reserve(4)).writeUInt32LE(v, 0);
  }

  async bytes(data: Uint8Array): Promise<void> {
    for (let off = 0; off < data.length; off += this.buf.length) {
      const part = data.subarray(off, Math.min(data.length, off + this.buf.length));
      (await this.reserve(part.length)).set(part);
    }
  }

  async flush(): Promise<void> {
    let off = 0;
    while (off < this.used) {
      const { bytesWritten } = await this.fh.write(this.buf, off, this.used - off);
      off += bytesWritten;
    }
    this.used = 0;
  }
}

async function writeHeader(w: ChunkWriter, hp: WhisperHParams): Promise<void> {
  await w.u32(GGML_MAGIC);
  await w.i32(
    hp.nVocab,
    hp.nAudioCtx,
    hp.nAudioState,
    hp.nAudioHead,
    hp.nAudioLayer,
    hp.nTextCtx,
    hp.nTextState,
    hp.nTextHead,
    hp.nTextLayer,
    hp.nMels,
    hp.ftype,
  );
}

async function writeMelFilters(w: ChunkWriter, nMels: number): Promise<void> {
  const nBins = N_FFT / 2 + 1;
  const filters = melFilterbank(nMels);
  await w.i32(nMels, nBins);
  await w.bytes(new Uint8Array(filters.buffer, filters.byteOffset, filters.byteLength));
}

async function writeVocab(w: ChunkWriter): Promise<void> {
  const tokens = syntheticVocab();
  await w.i32(tokens.length);
  for (const tok of tokens) {
    const bytes = Buffer.from(tok, 'utf8');
    await w.u32(bytes.length);
    await w.bytes(bytes);
  }
}

/** Whisper's encoder positional embedding: sin | cos of log-spaced timescales. */
function sinusoidValue(pos: number, ch: number, channels: number): number {
  const half = channels / 2;
  const logInc = Math.log(10000) / (half - 1);
  const j = ch % half;
  const angle = pos * Math.exp(-logInc * j);
  return ch < half ? Math.sin(angle) : Math.cos(angle);
}

/** Fills one chunk of a tensor's values, starting at flat element index `start`. */
function fillChunk(spec: TensorSpec, rng: Rng, out: Float32Array | Float16Array, start: number): void {
  switch (spec.init.kind) {
    case 'normal':
      fillNormal(rng, out, spec.init.std);
      break;
    case 'const':
      out.fill(spec.init.value);
      break;
    case 'sinusoids': {
      const channels = spec.ne[0]!;
      for (let i = 0; i < out.length; i++) {
        const flat = start + i;
        out[i] = sinusoidValue(Math.floor(flat / channels), flat % channels, channels);
      }
      break;
    }
  }
}

async function writeTensor(w: ChunkWriter, spec: TensorSpec, rng: Rng): Promise<void> {
  const name = Buffer.from(spec.name, 'utf8');
  await w.i32(spec.ne.length, name.length, spec.type, ...spec.ne);
  await w.bytes(name);

  const count = spec.ne.reduce((x, y) => x * y, 1);
  const bytesPerValue = spec.type === GGML_TYPE_F16 ? 2 : 4;
  const chunkValues = SCRATCH_BYTES / bytesPerValue;
  for (let start = 0; start < count; start += chunkValues) {
    const n = Math.min(chunkValues, count - start);
    // Generate into an aligned scratch array (the writer's position may be
    // odd after a tensor name), then copy the bytes. Float16Array rounds on store.
    const view = spec.type === GGML_TYPE_F16 ? new Float16Array(SCRATCH, 0, n) : new Float32Array(SCRATCH, 0, n);
    fillChunk(spec, rng, view, start);
    await w.bytes(new Uint8Array(SCRATCH, 0, n * bytesPerValue));
  }
}

/**
 * Writes a random-weight whisper model with the exact layout of the released
 * ggml-<layout>.bin. Deterministic for a given seed. Little-endian hosts only
 * (typed arrays are written as-is).
 */
export async function writeRandomWhisperModel(path: string, layout: WhisperLayout, seed = 1): Promise<void> {
  const hp = LAYOUTS[layout];
  const rng = new Rng(seed);
  const fh = await open(path, 'w');
  try {
    const w = new ChunkWriter(fh);
    await writeHeader(w, hp);
    await writeMelFilters(w, hp.nMels);
    await writeVocab(w);
    for (const spec of tensorSpecs(hp)) await writeTensor(w, spec, rng);
    await w.flush();
  } finally {
    await fh.close();
  }
}
