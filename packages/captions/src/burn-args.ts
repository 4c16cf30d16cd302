/** The ffmpeg command lines of a caption burn and of the same encode without captions (the bench's baseline). */
import { ffmpegInputArgs } from '@tp/engines';
import { AUDIO_ONLY_CANVAS } from './style.ts';

export interface BurnInput {
  ffmpegPath: string;
  /** URL (http/https, presigned) or a local path of the media. */
  input: string;
  /** The ASS file (written from assDocument). */
  assPath: string;
  /** Where the MP4 goes. */
  outputPath: string;
  /** The media's duration: the output is exactly this long. */
  durationSeconds: number;
  /**
   * The media's video size as displayed (after any rotation, which ffmpeg applies); null for audio-only media
   * (a canvas of AUDIO_ONLY_CANVAS size in canvasColor is generated).
   */
  video: { width: number; height: number } | null;
  canvasColor: string;
  /** Directory with the font files (libass fontsdir); default: fontconfig's fonts. */
  fontsDir?: string;
  signal?: AbortSignal;
  /** 0..1 from ffmpeg's own `-progress pipe:1` output (out_time_us / duration). */
  onProgress?: (fraction: number) => void;
  /** Test hook / bench: encoder preset (default 'veryfast'). */
  preset?: string;
}

/** What the encode needs to know; the burn's input without the subtitles. */
export type EncodeInput = Omit<BurnInput, 'assPath' | 'fontsDir' | 'signal' | 'onProgress'>;

/**
 * An option value inside a filtergraph, escaped at both levels ffmpeg parses: the filter's options (`\ ' :`),
 * then the graph (`\ ' [ ] , ;`).
 */
export function filterValue(value: string): string {
  const option = value.replace(/[\\':]/g, (c) => `\\${c}`);
  return option.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}

/** The size the encoder gets: libx264's yuv420p needs an even width and height. */
export function outputSize(video: { width: number; height: number } | null): { width: number; height: number } {
  const size = video ?? AUDIO_ONLY_CANVAS;
  return { width: size.width + (size.width % 2), height: size.height + (size.height % 2) };
}

/** `#RRGGBB[AA]` → ffmpeg's `0xRRGGBB` (the canvas is opaque: any opacity is dropped). */
function ffmpegColor(color: string): string {
  return `0x${color.slice(1, 7)}`;
}

function inputArgs(input: EncodeInput): string[] {
  // The same hardened input as decoding: its protocols, a read timeout, the catalog's demuxers.
  const media = ffmpegInputArgs(input.input);
  if (input.video !== null) return [...media, '-map', '0:v:0', '-map', '0:a:0?'];
  const { width, height, fps } = AUDIO_ONLY_CANVAS;
  const canvas = `color=c=${ffmpegColor(input.canvasColor)}:s=${width}x${height}:r=${fps}`;
  return [...media, '-f', 'lavfi', '-i', canvas, '-map', '1:v:0', '-map', '0:a:0?'];
}

/**
 * The filters after the captions: an odd width or height gets one column or row of padding (black), since
 * yuv420p halves the chroma in both directions; the captions are laid out on the original size.
 */
function evenSize(input: EncodeInput): string[] {
  const size = input.video ?? AUDIO_ONLY_CANVAS;
  const even = outputSize(input.video);
  if (even.width === size.width && even.height === size.height) return [];
  return [`pad=${even.width}:${even.height}:0:0`];
}

/** Refuses what would make ffmpeg run forever or fail late: a duration or size that is not a positive number. */
function checkEncodeInput(input: EncodeInput): void {
  if (!(Number.isFinite(input.durationSeconds) && input.durationSeconds > 0))
    throw new RangeError(`durationSeconds must be a positive number, not ${input.durationSeconds}`);
  const { video } = input;
  if (
    video &&
    !(Number.isInteger(video.width) && video.width > 0 && Number.isInteger(video.height) && video.height > 0)
  )
    throw new RangeError(`video must have a positive integer width and height, not ${video.width}x${video.height}`);
  if (!/^#[0-9A-Fa-f]{6}(?:[0-9A-Fa-f]{2})?$/.test(input.canvasColor))
    throw new RangeError(`canvasColor must be #RRGGBB or #RRGGBBAA, not ${input.canvasColor}`);
}

function encodeArgs(input: EncodeInput, filters: string[]): string[] {
  checkEncodeInput(input);
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-v',
    'error',
    '-progress',
    'pipe:1',
    ...inputArgs(input),
    ...(filters.length > 0 ? ['-vf', filters.join(',')] : []),
    '-c:v',
    'libx264',
    '-preset',
    input.preset ?? 'veryfast',
    '-crf',
    '20',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    '-t',
    input.durationSeconds.toFixed(3),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    '-y',
    input.outputPath,
  ];
}

/** The ffmpeg arguments of a caption burn: the media (or a canvas) with the ASS file rendered by libass. */
export function burnArgs(input: BurnInput): string[] {
  const ass = `ass=filename=${filterValue(input.assPath)}${input.fontsDir ? `:fontsdir=${filterValue(input.fontsDir)}` : ''}`;
  return encodeArgs(input, [ass, ...evenSize(input)]);
}

/** The same encode as `burnArgs` without the captions: the baseline the bench compares the burn with. */
export function plainEncodeArgs(input: EncodeInput): string[] {
  return encodeArgs(input, evenSize(input));
}
