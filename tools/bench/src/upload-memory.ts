/**
 * Gateway memory while streaming multipart uploads of growing size into storage. The baseline
 * is the peak resident memory during the smallest upload, measured in the same run; a gateway
 * that buffered files would grow by each file's size, a streaming one stays near the baseline.
 *
 *   node tools/bench/src/upload-memory.ts
 */
import { execFileSync } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFleet } from '@tp/testing';
import { fmt } from './load.ts';

const dir = await mkdtemp(join(tmpdir(), 'tp-bench-upload-'));
const fleet = await startFleet({ without: ['jobs', 'worker', 'shares'] });
try {
  await fleet.tsctl('users', 'create', '--email', 'bench@example.com');
  const token = (
    await fleet.tsctl('tokens', 'create', '--email', 'bench@example.com', '--preset', 'full')
  ).stdout.trim();
  const idle = fleet.rssBytes('gateway');
  console.log(`gateway upload memory: idle RSS ${fmt(idle / 1048576)} MB`);
  let baselinePeak = 0;
  for (const seconds of [120, 600, 1800, 3600]) {
    const path = join(dir, `tone-${seconds}.wav`);
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
      '-ac',
      '1',
      '-c:a',
      'pcm_s16le',
      path,
    ]);
    const size = (await stat(path)).size;
    let peak = fleet.rssBytes('gateway');
    const sampler = setInterval(() => (peak = Math.max(peak, fleet.rssBytes('gateway'))), 10);
    const form = new FormData();
    form.append('file', await openAsBlob(path, { type: 'audio/wav' }), 'tone.wav');
    const started = performance.now();
    const res = await fetch(`${fleet.gatewayUrl}/api/v1/media/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}`, prefer: 'wait=60' },
    });
    await res.arrayBuffer();
    const seconds_ = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
    if (baselinePeak === 0) baselinePeak = peak;
    console.log(
      `${fmt(size / 1048576).padStart(7)} MB file: peak RSS ${fmt(peak / 1048576).padStart(6)} MB, ${fmt((peak - baselinePeak) / 1048576).padStart(5)} MB above the smallest upload's peak (ratio ${fmt(peak / baselinePeak, 2)}), ${fmt(size / 1048576 / seconds_).padStart(5)} MB/s`,
    );
    await rm(path);
  }
} finally {
  await fleet.stop();
  await rm(dir, { recursive: true, force: true });
}
