// PCM WAV decoding without ffmpeg: the RIFF header says how the samples are stored, and the
// samples become floats in [-1, 1], one array per channel.

/** Why a buffer is not audio the guard can read. Stable codes, so a caller can map them once. */
export type WavErrorCode = 'not_wav' | 'not_pcm' | 'malformed_wav';

export class WavDecodeError extends Error {
  readonly code: WavErrorCode;

  constructor(code: WavErrorCode, message: string) {
    super(message);
    this.name = 'WavDecodeError';
    this.code = code;
  }
}

export interface PcmAudio {
  sampleRate: number;
  /** One Float32Array per channel, samples in [-1, 1]. */
  channels: Float32Array[];
  bitsPerSample: number;
  /** `int` for integer PCM (format 1), `float` for IEEE float (format 3). */
  encoding: 'int' | 'float';
  durationSeconds: number;
}

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;
const FORMAT_EXTENSIBLE = 0xfffe;
const MAX_CHANNELS = 16;

interface FmtChunk {
  format: number;
  channels: number;
  sampleRate: number;
  blockAlign: number;
  bitsPerSample: number;
}

/** True when the bytes start like a RIFF/WAVE file (the cheap test before decoding). */
export function looksLikeWav(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE';
}

/** Decodes an uncompressed PCM WAV (8/16/24/32-bit integer or 32/64-bit float); throws WavDecodeError otherwise. */
export function decodePcmWav(bytes: Uint8Array): PcmAudio {
  if (!looksLikeWav(bytes)) throw new WavDecodeError('not_wav', 'The file is not a RIFF/WAVE file.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fmt: FmtChunk | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = ascii(bytes, offset, 4);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') fmt = readFmt(view, body, size);
    if (id === 'data') {
      if (!fmt) throw new WavDecodeError('malformed_wav', 'The WAV data chunk comes before its fmt chunk.');
      // A streamed WAV may carry a placeholder size (0 or 0xFFFFFFFF): take what is there.
      const end = size === 0 || body + size > bytes.length ? bytes.length : body + size;
      return readSamples(view, body, end, fmt);
    }
    offset = body + size + (size % 2);
  }
  throw new WavDecodeError('malformed_wav', fmt ? 'The WAV file has no data chunk.' : 'The WAV file has no fmt chunk.');
}

function readFmt(view: DataView, at: number, size: number): FmtChunk {
  if (size < 16 || at + 16 > view.byteLength)
    throw new WavDecodeError('malformed_wav', 'The WAV fmt chunk is truncated.');
  let format = view.getUint16(at, true);
  const fmt = {
    channels: view.getUint16(at + 2, true),
    sampleRate: view.getUint32(at + 4, true),
    blockAlign: view.getUint16(at + 12, true),
    bitsPerSample: view.getUint16(at + 14, true),
  };
  if (format === FORMAT_EXTENSIBLE) {
    if (size < 40 || at + 26 > view.byteLength)
      throw new WavDecodeError('malformed_wav', 'The WAV fmt chunk is truncated.');
    // The sub-format GUID starts with the plain format tag.
    format = view.getUint16(at + 24, true);
  }
  if (format !== FORMAT_PCM && format !== FORMAT_FLOAT)
    throw new WavDecodeError('not_pcm', `The WAV file is compressed (format tag ${format}), not PCM.`);
  const supported = format === FORMAT_PCM ? [8, 16, 24, 32] : [32, 64];
  if (!supported.includes(fmt.bitsPerSample))
    throw new WavDecodeError('not_pcm', `${fmt.bitsPerSample}-bit samples are not supported for format tag ${format}.`);
  if (fmt.channels < 1 || fmt.channels > MAX_CHANNELS || fmt.sampleRate < 1000 || fmt.sampleRate > 384_000)
    throw new WavDecodeError(
      'malformed_wav',
      `The WAV header is implausible (${fmt.channels} channels, ${fmt.sampleRate} Hz).`,
    );
  if (fmt.blockAlign !== (fmt.channels * fmt.bitsPerSample) / 8)
    throw new WavDecodeError('malformed_wav', 'The WAV block alignment does not match its channels and sample size.');
  return { format, ...fmt };
}

function readSamples(view: DataView, start: number, end: number, fmt: FmtChunk): PcmAudio {
  const frames = Math.floor((end - start) / fmt.blockAlign);
  const bytesPerSample = fmt.bitsPerSample / 8;
  const read = sampleReader(view, fmt);
  const channels = Array.from({ length: fmt.channels }, () => new Float32Array(frames));
  for (let frame = 0; frame < frames; frame++) {
    const base = start + frame * fmt.blockAlign;
    for (let c = 0; c < fmt.channels; c++) channels[c]![frame] = read(base + c * bytesPerSample);
  }
  return {
    sampleRate: fmt.sampleRate,
    channels,
    bitsPerSample: fmt.bitsPerSample,
    encoding: fmt.format === FORMAT_FLOAT ? 'float' : 'int',
    durationSeconds: frames / fmt.sampleRate,
  };
}

function sampleReader(view: DataView, fmt: FmtChunk): (at: number) => number {
  if (fmt.format === FORMAT_FLOAT)
    return fmt.bitsPerSample === 32 ? (at) => view.getFloat32(at, true) : (at) => view.getFloat64(at, true);
  switch (fmt.bitsPerSample) {
    case 8: // unsigned, centred on 128
      return (at) => (view.getUint8(at) - 128) / 128;
    case 16:
      return (at) => view.getInt16(at, true) / 32_768;
    case 24:
      return (at) =>
        ((view.getUint8(at + 2) << 24) | (view.getUint8(at + 1) << 16) | (view.getUint8(at) << 8)) / 2 ** 31;
    default:
      return (at) => view.getInt32(at, true) / 2 ** 31;
  }
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}
