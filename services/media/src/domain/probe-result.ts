/** What ffprobe's JSON (`-print_format json -show_format -show_streams`) says about a file. */

export interface ProbedStream {
  index: number;
  /** "audio", "video", "subtitle", "data" */
  type: string;
  codec: string;
  channels: number;
  sampleRate: number;
  /** The displayed size: a stream with a quarter-turn rotation (a phone's portrait video) has them swapped. */
  width: number;
  height: number;
  durationSeconds: number;
}

export type ProbeVerdict =
  | { ok: true; durationSeconds: number; containerFormat: string; streams: ProbedStream[] }
  | { ok: false; code: 'media_unplayable' | 'media_no_audio'; message: string };

interface FfprobeJson {
  format?: { format_name?: unknown; duration?: unknown };
  streams?: Record<string, unknown>[];
}

const num = (value: unknown): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : 0;
};
const int = (value: unknown): number => Math.max(0, Math.trunc(num(value)));
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The rotation a player applies to a video stream, in degrees: the display matrix's (ffprobe's
 * `side_data_list`) or the older `rotate` tag. Players (and ffmpeg, which autorotates) show such a
 * stream turned, so its displayed width and height are the coded ones swapped on a quarter turn.
 */
export function streamRotation(stream: Record<string, unknown>): number {
  const sideData = Array.isArray(stream.side_data_list) ? (stream.side_data_list as Record<string, unknown>[]) : [];
  const matrix = sideData.find((d) => d && typeof d === 'object' && d.rotation !== undefined);
  const tags = stream.tags && typeof stream.tags === 'object' ? (stream.tags as Record<string, unknown>) : {};
  return num(matrix?.rotation ?? tags.rotate);
}

const quarterTurned = (stream: Record<string, unknown>): boolean =>
  Math.abs(Math.round(streamRotation(stream) / 90)) % 2 === 1;

/**
 * Turns ffprobe's output into the media's facts, or the reason it is refused: no streams or no
 * positive duration → media_unplayable; streams but none of them audio → media_no_audio.
 */
export function interpretProbe(output: string): ProbeVerdict {
  let parsed: FfprobeJson;
  try {
    parsed = JSON.parse(output) as FfprobeJson;
  } catch {
    return { ok: false, code: 'media_unplayable', message: 'The file could not be read as audio or video.' };
  }
  const rawStreams = Array.isArray(parsed.streams) ? parsed.streams : [];
  const streams: ProbedStream[] = rawStreams.map((s, i) => ({
    index: Number.isInteger(s.index) ? (s.index as number) : i,
    type: str(s.codec_type) || 'data',
    codec: str(s.codec_name),
    channels: int(s.channels),
    sampleRate: int(s.sample_rate),
    width: int(quarterTurned(s) ? s.height : s.width),
    height: int(quarterTurned(s) ? s.width : s.height),
    durationSeconds: num(s.duration),
  }));
  const containerFormat = str(parsed.format?.format_name);
  // The container's duration, else the longest stream's (some raw formats only time streams).
  const durationSeconds = num(parsed.format?.duration) || Math.max(0, ...streams.map((s) => s.durationSeconds));
  if (!parsed.format || streams.length === 0 || !(durationSeconds > 0)) {
    return {
      ok: false,
      code: 'media_unplayable',
      message: 'The file is not playable audio or video: no streams or no duration were found.',
    };
  }
  if (!streams.some((s) => s.type === 'audio')) {
    const found = [...new Set(streams.map((s) => s.type))].join(', ');
    return { ok: false, code: 'media_no_audio', message: `The file has no audio stream (found: ${found}).` };
  }
  return { ok: true, durationSeconds, containerFormat, streams };
}
