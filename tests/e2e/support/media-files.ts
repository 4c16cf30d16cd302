import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Media made with ffmpeg for the tests, in a temporary folder. */
export async function mediaFolder() {
  const dir = await mkdtemp(join(tmpdir(), 'tp-e2e-media-'));
  const ffmpeg = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  return {
    dir,
    /** A mono sine tone as 16-bit PCM WAV. */
    async tone(name: string, seconds: number, sampleRate = 16_000): Promise<string> {
      const path = join(dir, name);
      await ffmpeg(
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=440:sample_rate=${sampleRate}:duration=${seconds}`,
        '-ac',
        '1',
        '-c:a',
        'pcm_s16le',
        path,
      );
      return path;
    },
    /** A short video with no audio stream. */
    async silentVideo(name: string): Promise<string> {
      const path = join(dir, name);
      await ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10:duration=2', '-an', '-c:v', 'mpeg4', path);
      return path;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
