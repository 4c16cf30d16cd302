// What the caption burn tests make and read back: a caption burn job created through jobs (which pins
// the transcript), transcripts stored as the worker stores them, the export downloaded and probed.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type ProbedOutput, probeOutput } from '@tp/captions';
import { ArtifactsServiceService, Job, type Version } from '@tp/proto';
import { eventually, testClient } from '@tp/testing';
import type { Transcript } from '@tp/transcript';
import { workDurable } from '../src/events/work-tickets.ts';
import { jobArtifactRequest } from '../src/usecases/shared/job-artifact.ts';
import { type Backends, POOL } from './backends.ts';

const run = promisify(execFile);

/** A caption burn job of the media, created as the gateway creates one (`style`: options.caption_burn). */
export async function createBurnJob(b: Backends, mediaId: string, style: object | null = null): Promise<Job> {
  const { job } = await b.jobs.createJob({
    userId: b.userId,
    workspaceId: '',
    type: 'caption_burn',
    mediaIds: [mediaId],
    batch: false,
    profile: 'oracle',
    executionMode: 'cloud',
    optionsJson: JSON.stringify({ caption_burn: style }),
    idempotencyKey: '',
    features: [],
    webhookId: '',
    requestFingerprint: '',
  });
  // The answer is the job as admitted; a free worker may have claimed it already.
  assert.ok(job && ['queued', 'running'].includes(job.status), job?.status);
  return job;
}

/** Stores `transcript` as a transcript artifact of the media, as the worker stores one. */
export async function storeTranscript(b: Backends, mediaId: string, transcript: Transcript): Promise<string> {
  const artifacts = testClient(ArtifactsServiceService, b.fleet.grpcAddr('artifacts'), {
    audience: 'artifacts',
    as: 'worker',
    defaultDeadlineMs: 30_000,
  });
  try {
    // As if a transcription job of the media had stored it (its job id aside).
    const job = Job.fromPartial({ userId: b.userId, mediaId, jobId: '' });
    const { artifact } = await artifacts.createArtifact(
      jobArtifactRequest(job, {
        artifactType: 'transcript',
        title: 'transcript',
        payloadJson: JSON.stringify(transcript),
        idempotencyKey: '',
      }),
    );
    return artifact!.artifactId;
  } finally {
    artifacts.close();
  }
}

/** A transcript of `duration` seconds with one short sentence every ten seconds. */
export function sparseTranscript(duration: number): Transcript {
  const segments = Array.from({ length: Math.floor(duration / 10) }, (_, i) => ({
    id: `s${i + 1}`,
    start: i * 10,
    end: i * 10 + 2,
    text: `caption number ${i + 1}`,
    speaker: null,
    words: ['caption', 'number', String(i + 1)].map((text, w) => ({
      text,
      start: i * 10 + w * 0.6,
      end: i * 10 + w * 0.6 + 0.5,
      confidence: null,
      speaker: null,
    })),
  }));
  return {
    version: 1,
    language: 'en',
    duration,
    speakers: [],
    segments,
    translation: null,
    source: { media_id: null, job_id: null, profile: null, engine: null },
  };
}

/** An audio file of `seconds` seconds of a tone, quick to make however long. */
export async function toneFile(dir: string, seconds: number): Promise<string> {
  const path = join(dir, `tone-${seconds}.m4a`);
  const tone = `sine=frequency=330:duration=${seconds}:sample_rate=16000`;
  await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', tone, '-c:a', 'aac', '-b:a', '32k', path]);
  return path;
}

/** The job's media export: its artifact type, current version (with payload) and the file, downloaded and probed. */
export async function exportOf(
  b: Backends,
  job: Job,
  dir: string,
): Promise<{ artifactType: string; version: Version; payload: Record<string, unknown>; probed: ProbedOutput }> {
  const [artifactId] = job.artifactIds;
  assert.ok(artifactId, 'the job names its artifact');
  const artifact = await b.artifacts.getArtifact({ userId: b.userId, artifactId });
  const { versions } = await b.artifacts.listVersions({ userId: b.userId, artifactId, limit: 0, includePayload: true });
  const version = versions[0]!;
  const { url } = await b.artifacts.getDownloadUrl({
    userId: b.userId,
    artifactId,
    versionId: version.versionId,
    ttlSeconds: 300,
  });
  const file = await fetch(url);
  assert.equal(file.status, 200);
  const path = join(dir, `${job.jobId}.mp4`);
  await writeFile(path, Buffer.from(await file.arrayBuffer()));
  return {
    artifactType: artifact.artifactType,
    version,
    payload: JSON.parse(version.payloadJson) as Record<string, unknown>,
    probed: await probeOutput('ffprobe', path),
  };
}

/** Waits until no caption burn ticket of the pool is waiting or being worked on. */
export const burnsDrained = (b: Backends) =>
  eventually(
    'the caption burn ticket to be acknowledged',
    async () => {
      const info = await b.bus.manager.consumers.info(b.bus.streamName('WORK'), workDurable(POOL, 'caption_burn'));
      return info.num_pending === 0 && info.num_ack_pending === 0;
    },
    15_000,
    50,
  );

/** The folders left in CAPTION_BURN_DIR (each job makes one and removes it when it ends). */
export const leftIn = (burnDir: string) => readdir(burnDir);
