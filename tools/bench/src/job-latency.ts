/**
 * A transcription job end to end, on a 60-second clip of speech (flite, Harvard sentences): the
 * engine's own time (the baseline, from the worker's `job transcribed` log line), the whole job's
 * time from `POST /api/v1/jobs` to `succeeded` as a client polling every 50 ms sees it, their ratio
 * (the platform's overhead around the engine), the engine's real-time factor and word error rate.
 *
 *   node tools/bench/src/job-latency.ts [runs]
 */
import { rm } from 'node:fs/promises';
import { makeSpeechClip, startFleet, wordErrorRate } from '@tp/testing';
import { benchUser } from './bench-user.ts';
import { fmt } from './load.ts';

const runs = Number(process.argv[2] ?? 3);
const clip = await makeSpeechClip({ targetSeconds: 62, voice: 'rms' });
const fleet = await startFleet({ without: ['shares'], workerEnv: { LOG_LEVEL: 'info', PROGRESS_INTERVAL_MS: '1000' } });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function api(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${fleet.gatewayUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

try {
  const user = await benchUser(fleet, { credits: 100 });
  const token = user.token;
  const mediaId = await user.upload(clip.path, 'audio/wav');

  console.log(
    `job latency: ${fmt(clip.durationSeconds, 1)} s clip of ${clip.sentences.length} sentences, ${runs} runs, one worker (PocketSphinx CPU engine)`,
  );
  const totals: number[] = [];
  const engines: number[] = [];
  const wers: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const created = await api('POST', '/api/v1/jobs', token, {
      type: 'transcription',
      input: { type: 'media_ref', media_id: mediaId },
      profile: 'oracle',
      options: { language: 'en' },
    });
    if (created.status !== 202) throw new Error(`create answered ${created.status}: ${created.text}`);
    const jobId = created.json().data.job_id as string;
    let job: { status: string; error: unknown };
    for (;;) {
      job = (await api('GET', `/api/v1/jobs/${jobId}`, token)).json().data;
      if (!['queued', 'running'].includes(job.status)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const totalMs = performance.now() - started;
    if (job.status !== 'succeeded') throw new Error(`job ${jobId} ended ${job.status}: ${JSON.stringify(job.error)}`);
    const line = fleet
      .logs('worker')
      .split('\n')
      .filter((l) => l.includes('"job transcribed"') && l.includes(jobId))
      .at(-1);
    if (!line) throw new Error(`no "job transcribed" log line for ${jobId}`);
    const engineMs = JSON.parse(line).engineMs as number;
    const transcript = (await api('GET', `/api/v1/jobs/${jobId}/export?format=json`, token)).json();
    const hypothesis = transcript.segments.map((s: { text: string }) => s.text).join(' ');
    const wer = wordErrorRate(clip.text, hypothesis).wer;
    totals.push(totalMs);
    engines.push(engineMs);
    wers.push(wer);
    console.log(
      `run ${run + 1}: engine ${fmt(engineMs / 1000, 2)} s (RTF ${fmt(engineMs / 1000 / clip.durationSeconds, 3)}), job ${fmt(totalMs / 1000, 2)} s, ratio ${fmt(totalMs / engineMs, 2)}, WER ${fmt(wer * 100, 1)} %`,
    );
  }
  const engine = median(engines);
  const total = median(totals);
  console.log(
    `median: engine ${fmt(engine / 1000, 2)} s (baseline), whole job ${fmt(total / 1000, 2)} s, ratio ${fmt(total / engine, 2)}; ` +
      `RTF ${fmt(engine / 1000 / clip.durationSeconds, 3)}, job RTF ${fmt(total / 1000 / clip.durationSeconds, 3)}; WER ${fmt(median(wers) * 100, 1)} %`,
  );
} finally {
  await fleet.stop();
  await rm(clip.path, { force: true });
}
