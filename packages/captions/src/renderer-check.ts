import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Refuses to start a burner whose ffmpeg cannot draw ASS captions (built without libass): every caption
 * burn would fail, so the worker says so at start-up instead. Debian's ffmpeg has it.
 */
export async function checkCaptionRenderer(ffmpegPath: string): Promise<void> {
  let filters: string;
  try {
    ({ stdout: filters } = await run(ffmpegPath, ['-hide_banner', '-filters'], { timeout: 10_000 }));
  } catch (err) {
    throw new Error(`ffmpeg cannot list its filters (FFMPEG_BIN=${ffmpegPath}): ${(err as Error).message}`, {
      cause: err,
    });
  }
  // A line of `ffmpeg -filters`: " ... ass               V->V       Render ASS subtitles …".
  if (!/^\s*\S+\s+ass\s+V->V/m.test(filters))
    throw new Error(
      `ffmpeg cannot burn captions (FFMPEG_BIN=${ffmpegPath}): it has no ass filter (libass); install Debian's ffmpeg`,
    );
}
