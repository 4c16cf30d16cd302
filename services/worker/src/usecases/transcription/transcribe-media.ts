import { DecodeError, EngineError, type Recognition, startDecoding } from '@tp/engines';
import type { SpeechWindow, SpeechWindower, WindowerStats } from '@tp/speech-guard';
import { stitchWindows, type WindowRecognition } from '../../domain/windows.ts';
import type { WindowRecognizer } from '../window-items/window-recognizers.ts';

export interface TranscribeMediaInput {
  /** Presigned GET URL (or, in tests, a local file). */
  input: string;
  ffmpegPath: string;
  /** Cancellation, timeout and shutdown: aborting kills ffmpeg and every engine; the call rejects with the reason. */
  signal: AbortSignal;
  /** Transcribe this audio channel (0-based) alone; undefined: all channels mixed. */
  channel?: number;
  /** Sees the PCM on its way into the windower (a later stage's features), chunk by chunk. */
  onPcm?: (chunk: Buffer) => void;
  /** A new voice-activity windower for this stream. */
  windower: SpeechWindower;
  /** Where the windows are recognized: this worker's engine slots, or any worker of the pool. */
  recognizer: WindowRecognizer;
  /** Told of each window once it is recognized (or taken from a checkpoint). */
  onWindow?: (window: WindowDone) => void;
}

export interface WindowDone {
  index: number;
  start: number;
  end: number;
  words: number;
  fromCheckpoint: boolean;
  /** Recognized by whichever worker took its work item (fan-out). */
  remote: boolean;
  /** This worker's engine time on it (0 from a checkpoint or another worker). */
  engineMs: number;
}

export interface MediaTranscription {
  recognition: Recognition;
  /** PCM bytes decoded (16 kHz mono s16le). */
  decodedBytes: number;
  /** Engine time summed over the windows (each in its own process, several at once). */
  engineMs: number;
  windows: WindowerStats & { fromCheckpoint: number; remote: number };
}

export interface RunningTranscription {
  /** PCM bytes decoded so far. */
  decodedBytes(): number;
  /** Seconds of the recording recognized so far (each window done counts up to its end, the silence before it included). */
  doneSeconds(): number;
  result: Promise<MediaTranscription>;
}

/**
 * Decodes the media with ffmpeg, cuts the PCM into windows at pauses as it comes (Silero VAD) and
 * recognizes the windows in parallel in the worker's engine slots, each window in its own engine
 * process; silence outside every window never reaches an engine. The job holds at most one window
 * waiting for a slot, so decoding pauses (backpressure reaches ffmpeg) while the engines are busy
 * and memory stays flat. Whichever part fails first stops the others. Rejects with DecodeError,
 * EngineError, or the signal's reason.
 */
export function transcribeMedia(options: TranscribeMediaInput): RunningTranscription {
  const local = new AbortController();
  const stop = () => local.abort(options.signal.reason);
  if (options.signal.aborted) stop();
  else options.signal.addEventListener('abort', stop, { once: true });

  const decoding = startDecoding(options.input, {
    ffmpegPath: options.ffmpegPath,
    signal: local.signal,
    channel: options.channel,
  });
  const tally = windowTally(options.onWindow);
  let previousEnd = 0;
  const running: Promise<void>[] = [];
  const fail = (err: unknown) => {
    if (!local.signal.aborted) local.abort(err instanceof Error ? err : new EngineError(String(err)));
  };
  /** Waits until the window has a slot (or came from a checkpoint): one window waits per job at most. */
  const dispatch = async (window: SpeechWindow) => {
    const creditFrom = previousEnd;
    previousEnd = window.end;
    let started!: () => void;
    const slotTaken = new Promise<void>((resolve) => (started = resolve));
    // The result's bookkeeping keeps the window's place, not its PCM.
    const place = { index: window.index, start: window.start, end: window.end };
    const run = options.recognizer
      .recognize(window, local.signal, started)
      .then((done) => tally.record(place, creditFrom, done));
    running.push(run.catch((err: unknown) => fail(err)));
    await Promise.race([slotTaken, run.catch(() => undefined)]);
  };

  const windowing = (async () => {
    try {
      for await (const chunk of decoding.pcm as AsyncIterable<Buffer>) {
        if (local.signal.aborted) break;
        options.onPcm?.(chunk);
        for (const window of await options.windower.push(chunk)) await dispatch(window);
      }
      if (!local.signal.aborted) for (const window of await options.windower.finish()) await dispatch(window);
    } catch (err) {
      fail(err);
    }
    await Promise.all(running);
  })();

  const result = resultOf(options, { decoding: decoding.outcome, windowing, local: local.signal, tally }).finally(() =>
    options.signal.removeEventListener('abort', stop),
  );
  return { decodedBytes: decoding.bytes, doneSeconds: () => tally.counts.doneSeconds, result };
}

/** The windows done so far: their recognitions, the seconds they credit, engine time, where they came from. */
function windowTally(onWindow: TranscribeMediaInput['onWindow']) {
  const windows: WindowRecognition[] = [];
  const counts = { doneSeconds: 0, engineMs: 0, fromCheckpoint: 0, remote: 0 };
  const record = (
    window: Pick<SpeechWindow, 'index' | 'start' | 'end'>,
    creditFrom: number,
    done: RecognizedWindowOf,
  ): void => {
    counts.engineMs += done.engineMs;
    if (done.fromCheckpoint) counts.fromCheckpoint += 1;
    if (done.remote) counts.remote += 1;
    windows.push({ start: window.start, end: window.end, recognition: done.recognition });
    counts.doneSeconds += window.end - creditFrom;
    const words = done.recognition.utterances.reduce((n, u) => n + u.words.length, 0);
    onWindow?.({
      index: window.index,
      start: window.start,
      end: window.end,
      words,
      fromCheckpoint: done.fromCheckpoint,
      remote: done.remote,
      engineMs: Math.round(done.engineMs),
    });
  };
  return { windows, counts, record };
}

/** The transcription once decoding and every window have ended; what stopped it otherwise, as the rejection. */
async function resultOf(
  options: TranscribeMediaInput,
  run: {
    decoding: ReturnType<typeof startDecoding>['outcome'];
    windowing: Promise<void>;
    local: AbortSignal;
    tally: ReturnType<typeof windowTally>;
  },
): Promise<MediaTranscription> {
  const [decoded] = await Promise.all([run.decoding, run.windowing]);
  if (options.signal.aborted) throw options.signal.reason;
  // A decode failure explains an engine that saw truncated input, so it wins.
  if (decoded.status === 'failed') throw new DecodeError(decoded.failure);
  if (run.local.aborted) throw asEngineError(run.local.reason);
  if (decoded.status !== 'ok') throw new Error(`decoding ended unexpectedly (${decoded.status})`);
  const { engineMs, fromCheckpoint, remote } = run.tally.counts;
  return {
    recognition: stitchWindows(run.tally.windows),
    decodedBytes: decoded.bytes,
    engineMs,
    windows: { ...options.windower.stats(), fromCheckpoint, remote },
  };
}

type RecognizedWindowOf = Awaited<ReturnType<WindowRecognizer['recognize']>>;

function asEngineError(err: unknown): Error {
  if (err instanceof EngineError || err instanceof DecodeError) return err;
  return new EngineError(`the engine failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
}
