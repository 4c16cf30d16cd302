import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Refuses to start when ffmpeg (or its prober, `tool: 'ffprobe'` with its setting's name) does not
 * run: every job needs it.
 */
export async function checkFfmpeg(
  ffmpegPath: string,
  { tool, setting }: { tool: 'ffmpeg' | 'ffprobe'; setting: string } = { tool: 'ffmpeg', setting: 'FFMPEG_BIN' },
): Promise<void> {
  try {
    await run(ffmpegPath, ['-hide_banner', '-version'], { timeout: 10_000 });
  } catch (err) {
    const reason =
      (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : (err as Error).message.split('\n')[0];
    throw new Error(
      `${tool} cannot run (${setting}=${ffmpegPath}: ${reason}); install the Debian package ffmpeg or set ${setting}`,
      { cause: err },
    );
  }
}
