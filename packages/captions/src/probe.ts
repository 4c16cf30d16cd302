/** The facts of a finished export, read back with ffprobe: its length and streams. */
import { sanitizeFfmpegLine, spawnInGroup } from '@tp/engines';

export interface ProbedStream {
  type: 'video' | 'audio' | 'subtitle' | 'data' | 'attachment' | 'unknown';
  codec: string;
  width?: number;
  height?: number;
}

export interface ProbedOutput {
  durationSeconds: number;
  streams: ProbedStream[];
}

interface FfprobeJson {
  format?: { duration?: string };
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number }[];
}

const TYPES = new Set(['video', 'audio', 'subtitle', 'data', 'attachment']);

/** Runs ffprobe on a local file; rejects with the sanitized error when it cannot be read. */
export async function probeOutput(ffprobePath: string, path: string): Promise<ProbedOutput> {
  const group = spawnInGroup(
    ffprobePath,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '-protocol_whitelist', 'file', path],
    ['ignore', 'pipe', 'pipe'],
  );
  let stdout = '';
  let stderr = '';
  group.child.stdout?.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  group.child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exit = await group.exited;
  if (exit.code !== 0) {
    const line = sanitizeFfmpegLine(stderr.replaceAll(path, '<file>')) || `ffprobe exited with code ${exit.code}`;
    throw new Error(`ffprobe could not read the output: ${line}`);
  }
  const json = JSON.parse(stdout) as FfprobeJson;
  return {
    durationSeconds: Number(json.format?.duration ?? Number.NaN),
    streams: (json.streams ?? []).map((s) => ({
      type: (TYPES.has(s.codec_type ?? '') ? s.codec_type : 'unknown') as ProbedStream['type'],
      codec: s.codec_name ?? 'unknown',
      ...(s.width !== undefined ? { width: s.width } : {}),
      ...(s.height !== undefined ? { height: s.height } : {}),
    })),
  };
}
