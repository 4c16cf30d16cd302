import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Refuses to start when ffmpeg does not run: every job needs it. */
export async function checkFfmpeg(ffmpegPath: string): Promise<void> {
  try {
    await run(ffmpegPath, ['-hide_banner', '-version'], { timeout: 10_000 });
  } catch (err) {
    const reason =
      (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : (err as Error).message.split('\n')[0];
    throw new Error(
      `ffmpeg cannot run (FFMPEG_BIN=${ffmpegPath}: ${reason}); install the Debian package ffmpeg or set FFMPEG_BIN`,
      { cause: err },
    );
  }
}
