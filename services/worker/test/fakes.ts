// In-memory stand-ins for what the worker's use cases depend on, for their unit tests (each beside
// its use case): backend clients that answer as a test scripts them and record every call, a
// logger whose lines a test reads, a ticket, speech engines, a voice-activity detector, a diarizer,
// the WINDOWS bucket, and audio files made on the spot. No process, service or network is started.
import { jobOptionsFromView } from '@tp/job-options';
import { writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { DiarizationResult, ThreadedDiarizer } from '@tp/diarization';
import { EngineSet, type Recognition, type SpeechEngine } from '@tp/engines';
import { createLogger, type Logger } from '@tp/logging';
import { Job } from '@tp/proto';
import type { SpeechGuard } from '@tp/speech-guard';
import type { Transcript } from '@tp/transcript';
import type { TranscriptionOptions } from '../src/domain/job-options.ts';
import type { TicketHandle } from '../src/usecases/shared/ticket.ts';

/** A call a fake client received. */
export interface Call {
  method: string;
  request: Record<string, unknown>;
}

type Answers<C> = {
  [K in keyof C]?: C[K] extends (request: infer R, ...rest: never[]) => Promise<infer A>
    ? (request: R) => Partial<A> | Promise<Partial<A>>
    : never;
};

/**
 * A client whose methods answer with `answers` (a function of the request, which may throw as the
 * real client rejects: an AppError); a method without an answer fails the test. `calls` lists every
 * call, in order.
 */
export function fakeClient<C>(answers: Answers<C>): C & { calls: Call[]; called(method: string): Call[] } {
  const calls: Call[] = [];
  const target = { calls, called: (method: string) => calls.filter((c) => c.method === method) };
  return new Proxy(target, {
    get(object, name) {
      if (typeof name !== 'string' || name in object) return object[name as keyof typeof object];
      if (name === 'then') return undefined;
      return async (request: Record<string, unknown>) => {
        calls.push({ method: name, request });
        const answer = answers[name as keyof C] as ((r: unknown) => unknown) | undefined;
        if (!answer) throw new Error(`unexpected call of ${name}`);
        return answer(request);
      };
    },
  }) as unknown as C & typeof target;
}

/** A logger that keeps its lines, and what a test asks of them. */
export interface CapturedLog {
  log: Logger;
  lines: Record<string, unknown>[];
  /** Lines with this message (and these fields). */
  logged(msg: string, fields?: Record<string, unknown>): Record<string, unknown>[];
}

export function capturedLog(): CapturedLog {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger({
    service: 'worker',
    level: 'debug',
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  return {
    log,
    lines,
    logged: (msg, fields = {}) =>
      lines.filter((line) => line.msg === msg && Object.entries(fields).every(([k, v]) => line[k] === v)),
  };
}

/** A ticket that counts how often its ack wait was extended. */
export function fakeTicket(ticketId = 'tkt_1'): TicketHandle & { beats: number } {
  const ticket = {
    ticketId,
    beats: 0,
    working: () => {
      ticket.beats += 1;
    },
  };
  return ticket;
}

/** A transcription job of the `oracle` profile (PocketSphinx), with `fields` on top. */
export function testJob(fields: Partial<Job> = {}): Job {
  return Job.fromPartial({
    jobId: 'job_1',
    userId: 'usr_1',
    mediaId: 'med_1',
    type: 'transcription',
    profile: 'oracle',
    engine: 'pocketsphinx',
    status: 'running',
    options: jobOptionsFromView({ language: 'en' }),
    mediaDurationSeconds: 4,
    ...fields,
  });
}

/** A transcription job's options as its pipeline's entry reads them: English, no other stage, with `fields` on top. */
export function transcriptionOptions(fields: Partial<TranscriptionOptions> = {}): TranscriptionOptions {
  return { language: 'en', diarization: null, targetLanguage: null, channelSeparation: false, ...fields };
}

/** How a fake engine answers a window: its recognition (`seconds`: the window's length), or a rejection. */
export type EngineBehaviour = (seconds: number, signal: AbortSignal, pcm: Buffer) => Promise<Recognition>;

/** Whether 16-bit PCM holds a sample above a hundredth of full scale (a tone of writeToneWav). */
export function loud(pcm: Buffer): boolean {
  for (let i = 0; i + 1 < pcm.length; i += 2) if (Math.abs(pcm.readInt16LE(i)) > 327) return true;
  return false;
}

/** One word in the middle of every window that is not silent: a word per tone of writeToneWav. */
export const oneWordPerWindow: EngineBehaviour = async (seconds, _signal, pcm) => ({
  language: 'en',
  utterances: loud(pcm) ? [{ words: [{ text: 'hello', start: seconds / 4, end: seconds / 2, confidence: 0.9 }] }] : [],
});

/** Waits until the window is aborted, then rejects with the reason (an engine stuck on a window). */
export const untilAborted: EngineBehaviour = (_seconds, signal) =>
  new Promise((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

/** A PocketSphinx stand-in: reads each window's PCM whole, then answers as `behaviour` says. */
export function fakeEngine(behaviour: EngineBehaviour = oneWordPerWindow): SpeechEngine & { windows: number } {
  const engine = {
    kind: 'pocketsphinx' as const,
    languages: ['en'],
    contextSeconds: 0,
    windows: 0,
    check: async () => undefined,
    async transcribe(pcm: Readable, options: { signal: AbortSignal }) {
      const chunks: Buffer[] = [];
      for await (const chunk of pcm) chunks.push(chunk as Buffer);
      const all = Buffer.concat(chunks);
      engine.windows += 1;
      return behaviour(all.length / 32_000, options.signal, all);
    },
  };
  return engine;
}

/** The engines of a PocketSphinx worker (the `oracle` profiles' model). */
export function engineSet(engine: SpeechEngine = fakeEngine()): EngineSet {
  return new EngineSet([{ kind: 'pocketsphinx', model: 'en-us', engine }]);
}

const FRAME = 512;

/**
 * A voice-activity detector that calls a 32 ms frame speech when it is loud (RMS above 0.01): on
 * the tone-and-silence files of `writeToneWav`, the tones are the speech.
 */
export function fakeSpeechGuard(): SpeechGuard {
  const loudness = (samples: Float32Array) =>
    Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / Math.max(1, samples.length));
  return {
    thresholds: { probability: 0.5, minSpeechSeconds: 0.128 },
    check: () => Promise.reject(new Error('not used by the worker')),
    checkWav: () => Promise.reject(new Error('not used by the worker')),
    stream() {
      let pending = new Float32Array(0);
      const frames = (samples: Float32Array, count: number) =>
        Float32Array.from({ length: count }, (_, f) =>
          loudness(samples.subarray(f * FRAME, (f + 1) * FRAME)) > 0.01 ? 0.9 : 0.05,
        );
      return {
        async push(samples) {
          const all = new Float32Array(pending.length + samples.length);
          all.set(pending);
          all.set(samples, pending.length);
          const count = Math.floor(all.length / FRAME);
          pending = all.slice(count * FRAME);
          return frames(all, count);
        },
        async flush() {
          const last = pending.length > 0 ? frames(pending, 1) : new Float32Array(0);
          pending = new Float32Array(0);
          return last;
        },
      };
    },
    close: async () => undefined,
  };
}

/** A diarizer that says `turns` and counts the PCM it was fed. */
export function fakeDiarizer(turns: DiarizationResult['turns']): ThreadedDiarizer & { bytes: number; closed: boolean } {
  const diarizer = {
    method: 'fake',
    bytes: 0,
    closed: false,
    push(pcm: Buffer) {
      diarizer.bytes += pcm.length;
    },
    finish: async () => ({ method: 'fake', speakerCount: new Set(turns.map((t) => t.speaker)).size, turns }),
    async close() {
      diarizer.closed = true;
    },
  };
  return diarizer as typeof diarizer & ThreadedDiarizer;
}

/**
 * A 16 kHz s16le WAV of tones and silences: `segments` are [seconds, loud] in order (a loud one is
 * a 440 Hz tone), per channel when there are several (`channels[c]` its segments).
 */
export async function writeToneWav(path: string, ...channels: [seconds: number, loud: boolean][][]): Promise<number> {
  const rate = 16_000;
  const samplesOf = (segments: [number, boolean][]) =>
    segments.flatMap(([seconds, loud]) =>
      Array.from({ length: Math.round(seconds * rate) }, (_, i) =>
        loud ? Math.round(0.3 * 32767 * Math.sin((2 * Math.PI * 440 * i) / rate)) : 0,
      ),
    );
  const perChannel = channels.map(samplesOf);
  const length = Math.max(...perChannel.map((c) => c.length));
  const data = Buffer.alloc(length * channels.length * 2);
  for (let i = 0; i < length; i++)
    for (const [c, samples] of perChannel.entries()) data.writeInt16LE(samples[i] ?? 0, (i * channels.length + c) * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels.length, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * channels.length * 2, 28);
  header.writeUInt16LE(channels.length * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  await writeFile(path, Buffer.concat([header, data]));
  return length / rate;
}

/** A second-long transcript of one segment (a caption burn's one cue). */
export const oneCue: Transcript = {
  version: 1,
  language: 'en',
  duration: 1,
  speakers: [],
  segments: [
    {
      id: 's1',
      start: 0.1,
      end: 0.8,
      text: 'hello there',
      speaker: null,
      words: [
        { text: 'hello', start: 0.1, end: 0.4, confidence: null, speaker: null },
        { text: 'there', start: 0.45, end: 0.8, confidence: null, speaker: null },
      ],
    },
  ],
  translation: null,
  source: { media_id: null, job_id: null, profile: null, engine: null },
};
