/**
 * The public share page of a three-hour transcript (synthetic: 3,000 segments, ~30,000 words),
 * through the gateway as a browser gets it, against the baseline of reading the same transcript
 * as JSON from the owner's API (`GET /api/v1/artifacts/{id}/versions/{version}`) in the same run.
 * Median of N requests after a warm-up.
 *
 *   node tools/bench/src/share-page.ts [runs]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@tp/grpc';
import { ArtifactsServiceService } from '@tp/proto';
import { startFleet } from '@tp/testing';
import { syntheticTranscript } from '@tp/transcript';
import { fmt } from './load.ts';

const runs = Number(process.argv[2] ?? 15);
const dir = await mkdtemp(join(tmpdir(), 'tp-bench-share-'));
const fleet = await startFleet({ without: ['jobs', 'worker'] });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const created = await fleet.tsctl('users', 'create', '--email', 'bench@example.com');
  const userId = (JSON.parse(created.stdout) as { user_id: string }).user_id;
  const token = (await fleet.tsctl('tokens', 'create', '--email', 'bench@example.com', '--preset', 'full')).stdout.trim();
  const auth = { authorization: `Bearer ${token}` };
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${fleet.gatewayUrl}${path}`, { method, headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text).data;
  };

  // Real media to hang the artifact on (a share needs its media to exist).
  const wav = join(dir, 'tone.wav');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-ac', '1', wav]);
  const session = await api('POST', '/api/v1/media/upload-session', { file_name: 'tone.wav', content_type: 'audio/wav' });
  await fetch(session.upload_url, { method: 'PUT', body: readFileSync(wav), headers: { 'content-type': 'audio/wav' } });
  await fetch(`${fleet.gatewayUrl}/api/v1/media/complete`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', prefer: 'wait=20' },
    body: JSON.stringify({ media_id: session.media_id, finalize_token: session.finalize_token }),
  });

  const artifacts = createClient(ArtifactsServiceService, fleet.artifactsGrpcAddr, { maxMessageBytes: 64 * 1024 * 1024 });
  const transcript = syntheticTranscript();
  const made = await artifacts.createArtifact({
    userId,
    artifactType: 'transcript',
    mediaId: session.media_id,
    workspaceId: '',
    jobId: '',
    title: 'Three hours',
    payloadJson: JSON.stringify(transcript),
    authorType: 'service',
    authorId: 'bench',
    outputKey: '',
    outputFormat: '',
    idempotencyKey: '',
  });
  artifacts.close();
  const artifactId = made.artifact!.artifactId;
  const versionId = made.version!.versionId;
  const link = (await api('POST', '/api/v1/shares', { share_kind: 'transcript', artifact_id: artifactId, access_scope: 'everyone' })).share_url as string;

  const cases: [string, string, Record<string, string>][] = [
    ['owner JSON read (baseline)', `${fleet.gatewayUrl}/api/v1/artifacts/${artifactId}/versions/${versionId}`, auth],
    ['share page (html)', link, { accept: 'text/html' }],
    ['share JSON', link, { accept: 'application/json' }],
    ['share download srt', `${link}/download/srt`, {}],
    ['share download text', `${link}/download/text`, {}],
  ];
  const words = transcript.segments.reduce((n, s) => n + s.words.length, 0);
  console.log(`share page: ${transcript.segments.length} segments, ${words} words, ${fmt(transcript.duration / 3600, 2)} h; median of ${runs} requests after 2 warm-up`);
  let baseline = 0;
  for (const [label, url, headers] of cases) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs + 2; i += 1) {
      const started = performance.now();
      const res = await fetch(url, { headers });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${label} answered ${res.status}`);
      if (i >= 2) times.push(performance.now() - started);
      bytes = body.byteLength;
    }
    const ms = median(times);
    if (baseline === 0) baseline = ms;
    console.log(`${label.padEnd(28)} ${fmt(ms, 1).padStart(8)} ms ${fmt(bytes / 1048576, 2).padStart(7)} MiB   ${fmt(ms / baseline, 2)}x baseline`);
  }
} finally {
  await fleet.stop();
  await rm(dir, { recursive: true, force: true });
}
