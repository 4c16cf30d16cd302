// Backend answers as the proto defines them, for the route tests.
import {
  Artifact,
  Balance,
  CreateUploadSessionResponse,
  DeviceSession,
  Job,
  Media,
  Share,
  Token,
  Version,
} from '@tp/proto';
import { USER_ID } from './fake-backends.ts';

export const CREATED = new Date('2026-01-02T03:04:05.000Z');
export const LATER = new Date('2026-01-02T03:09:05.000Z');

export const sampleJob = (overrides: Partial<Job> = {}): Job =>
  Job.fromPartial({
    jobId: 'job_1',
    userId: USER_ID,
    type: 'transcription',
    status: 'queued',
    progress: 12.34,
    queuePosition: 2,
    queueReason: 'concurrency_limit',
    profile: 'oracle',
    engine: 'whisper',
    mediaId: 'med_1',
    options: { language: 'auto' },
    mediaDurationSeconds: 90,
    reservedMicro: 1_500_000,
    attempts: 0,
    createdAt: CREATED,
    updatedAt: LATER,
    title: 'interview.mp3',
    ...overrides,
  });

export const sampleArtifact = (overrides: Partial<Artifact> = {}): Artifact =>
  Artifact.fromPartial({
    artifactId: 'art_1',
    artifactType: 'transcript',
    mediaId: 'med_1',
    jobId: 'job_1',
    title: 'interview.mp3',
    currentVersionId: 'ver_2',
    versionCount: 2,
    createdAt: CREATED,
    updatedAt: LATER,
    ...overrides,
  });

export const sampleVersion = (overrides: Partial<Version> = {}): Version =>
  Version.fromPartial({
    versionId: 'ver_2',
    artifactId: 'art_1',
    number: 2,
    parentVersionId: 'ver_1',
    contentHash: 'sha256:abc',
    payloadBytes: 20,
    authorType: 'user',
    authorId: USER_ID,
    createdAt: LATER,
    payloadJson: '{"segments":[]}',
    ...overrides,
  });

export const sampleMedia = (overrides: Partial<Media> = {}): Media =>
  Media.fromPartial({
    mediaId: 'med_1',
    fileName: 'interview.mp3',
    contentType: 'audio/mpeg',
    sizeBytes: 1234,
    durationSeconds: 90,
    streams: [{ index: 0, type: 'audio', codec: 'mp3', channels: 2, sampleRate: 44_100, durationSeconds: 90 }],
    status: 'ready',
    containerFormat: 'mp3',
    source: 'upload_session',
    createdAt: CREATED,
    verifiedAt: LATER,
    ...overrides,
  });

export const sampleShare = (overrides: Partial<Share> = {}): Share =>
  Share.fromPartial({
    shareId: 'shr_1',
    targetId: 'art_1',
    title: 'Interview',
    status: 'active',
    tokenHint: 'abcd',
    openCount: 3,
    createdAt: CREATED,
    updatedAt: LATER,
    ...overrides,
  });

export const sampleBalance = (overrides: Partial<Balance> = {}): Balance =>
  Balance.fromPartial({
    principalId: USER_ID,
    availableMicro: 8_500_000,
    reservedMicro: 1_500_000,
    totalMicro: 10_000_000,
    asOf: LATER,
    ...overrides,
  });

export const sampleDevice = (overrides: Partial<DeviceSession> = {}): DeviceSession =>
  DeviceSession.fromPartial({
    deviceId: 'dev_current',
    deviceName: 'Laptop',
    userAgent: 'app/1.0',
    createdAt: CREATED,
    lastSeenAt: LATER,
    expiresAt: new Date('2026-02-01T00:00:00.000Z'),
    ...overrides,
  });

export const sampleToken = (overrides: Partial<Token> = {}): Token =>
  Token.fromPartial({
    tokenId: 'tok_1',
    name: 'ci',
    scopes: ['jobs:read'],
    displayPrefix: 'tsk_abcd',
    createdAt: CREATED,
    ...overrides,
  });

export const sampleUploadSession = (
  overrides: Partial<CreateUploadSessionResponse> = {},
): CreateUploadSessionResponse =>
  CreateUploadSessionResponse.fromPartial({
    mediaId: 'med_1',
    uploadUrl: 'https://s3.example/put',
    finalizeToken: 'fin_1',
    uploadUrlExpiresAt: CREATED,
    expiresAt: LATER,
    ...overrides,
  });
