// Reading text off a video frame, for tests that check burnt-in captions are visible: ffmpeg takes one
// frame, Debian's tesseract reads it.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { tempDir } from './temp-files.ts';

const run = promisify(execFile);

export interface OcrOptions {
  /** Read only this rectangle of the frame (pixels of the video). */
  crop?: { x: number; y: number; width: number; height: number };
  /**
   * The colour of the text (`#RRGGBB`): pixels near it become black and all others white before reading, which
   * reads outlined captions over a busy picture that tesseract misses in the plain grayscale frame.
   */
  textColor?: string;
  /** Tesseract's page segmentation mode (default 6: one uniform block of text). */
  psm?: number;
}

/** How far (|Δr| + |Δg| + |Δb|) a pixel may be from `textColor` and still count as text. */
const TEXT_COLOR_DISTANCE = 96;

/** An ffmpeg `geq` that paints pixels near `color` black and the rest white. */
function isolateColor(color: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16));
  const near = `lt(abs(r(X\\,Y)-${r})+abs(g(X\\,Y)-${g})+abs(b(X\\,Y)-${b})\\,${TEXT_COLOR_DISTANCE})`;
  const value = `'if(${near}\\,0\\,255)'`;
  return `format=rgb24,geq=r=${value}:g=${value}:b=${value}`;
}

/** Whether `tesseract` (with its English data) can run here. */
export async function tesseractAvailable(): Promise<boolean> {
  try {
    const { stdout } = await run('tesseract', ['--list-langs']);
    return /^eng$/m.test(stdout);
  } catch {
    return false;
  }
}

/**
 * The text tesseract reads in the frame at `atSeconds` of a video: the frame (or its `crop`) is upscaled ×2 and
 * turned to grayscale first (black on white where `textColor` is given), which reads captions far more reliably
 * than the raw frame.
 */
export async function ocrFrame(videoPath: string, atSeconds: number, options: OcrOptions = {}): Promise<string> {
  const dir = await tempDir('tp-ocr-');
  try {
    const png = join(dir.path, 'frame.png');
    const c = options.crop;
    const filters = [
      ...(c ? [`crop=${c.width}:${c.height}:${c.x}:${c.y}`] : []),
      'scale=iw*2:ih*2:flags=lanczos',
      ...(options.textColor ? [isolateColor(options.textColor)] : []),
      'format=gray',
    ];
    await run('ffmpeg', [
      ...['-nostdin', '-v', 'error', '-ss', atSeconds.toFixed(3), '-i', videoPath],
      ...['-frames:v', '1', '-vf', filters.join(','), '-y', png],
    ]);
    const { stdout } = await run('tesseract', [png, 'stdout', '-l', 'eng', '--psm', String(options.psm ?? 6)], {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    });
    return stdout.trim();
  } finally {
    await dir.remove();
  }
}
