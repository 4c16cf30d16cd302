/**
 * The public share page of a three-hour transcript (synthetic: 3,000 segments, ~30,000 words),
 * through the gateway as a browser gets it, against the baseline of reading the same transcript
 * as JSON from the owner's API (`GET /api/v1/artifacts/{id}/versions/{version}`) in the same run.
 * Median of N requests after a warm-up.
 *
 *   node tools/bench/src/share-page.ts [runs]
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArtifactsServiceService } from '@tp/proto';
import { startFleet, testClient } from '@tp/testing';
import { syntheticTranscript } from '@tp/transcript';
import { benchUser } from './bench-user.ts';
import { fmt } from './load.ts';

const runs = Number(process.argv[2] ?? 15);
const dir = await mkdtemp(join(tmpdir(), 'tp-bench-share-'));
const fleet = await startFleet({ without: ['jobs', 'worker'] });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const user = await benchUser(fleet);
  const auth = { authorization: `Bearer ${user.token}` };

  // Real media to hang the artifact on (a share needs its media to exist).
  const wav = join(dir, 'tone.wav');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=2',
    '-ac',
    '1',
    wav,
  ]);
  const mediaId = await user.upload(wav, 'audio/wav');

  // The transcript is stored the way a job stores it: as the worker.
  const artifacts = testClient(ArtifactsServiceService, fleet.artifactsGrpcAddr, {
    audience: 'artifacts',
    as: 'worker',
    maxMessageBytes: 64 * 1024 * 1024,
  });
  const transcript = syntheticTranscript();
  const made = await artifacts.createArtifact({
    userId: user.userId,
    artifactType: 'transcript',
    mediaId,
    workspaceId: '',
    // Stored as the worker stores a job's transcript, under that job's grant (ADR 0040).
    jobId: 'job_bench_share_page',
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
  const link = (
    await user.api<{ share_url: string }>('POST', '/api/v1/shares', {
      share_kind: 'transcript',
      artifact_id: artifactId,
      access_scope: 'everyone',
    })
  ).share_url;

  const cases: [string, string, Record<string, string>][] = [
    ['owner JSON read (baseline)', `${fleet.gatewayUrl}/api/v1/artifacts/${artifactId}/versions/${versionId}`, auth],
    ['share page (html)', link, { accept: 'text/html' }],
    ['share JSON', link, { accept: 'application/json' }],
    ['share download srt', `${link}/download/srt`, {}],
    ['share download text', `${link}/download/text`, {}],
  ];
  const words = transcript.segments.reduce((n, s) => n + s.words.length, 0);
  console.log(
    `share page: ${transcript.segments.length} segments, ${words} words, ${fmt(transcript.duration / 3600, 2)} h; median of ${runs} requests after 2 warm-up`,
  );
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
    console.log(
      `${label.padEnd(28)} ${fmt(ms, 1).padStart(8)} ms ${fmt(bytes / 1048576, 2).padStart(7)} MiB   ${fmt(ms / baseline, 2)}x baseline`,
    );
  }
} finally {
  await fleet.stop();
  await rm(dir, { recursive: true, force: true });
}
