// What the caption burn workflow makes and reads back: a caption burn job created through jobs (which
// pins the transcript), the export downloaded and probed.
import assert from 'node:assert/strict';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ProbedOutput, probeOutput } from '@tp/captions';
import { jobOptionsFromView } from '@tp/job-options';
import type { Job, Version } from '@tp/proto';
import { eventually } from '@tp/testing';
import { workDurable } from '../src/events/work-tickets.ts';
import { type Backends, POOL } from './backends.ts';

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
    options: jobOptionsFromView({ caption_burn: style }),
    idempotencyKey: '',
    features: [],
    webhookId: '',
    requestFingerprint: '',
  });
  // The answer is the job as admitted; a free worker may have claimed it already.
  assert.ok(job && ['queued', 'running'].includes(job.status), job?.status);
  return job;
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
