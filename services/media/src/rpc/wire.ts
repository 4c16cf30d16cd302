import type { MediaOutcome, Media as WireMedia, MediaStream as WireStream } from '@tp/proto';
import type { ProbedStream } from '../domain/probe-result.ts';
import type { MediaAsset } from '../store/records.ts';
import type { VerificationOutcome } from '../usecases/await-verification.ts';

function toWireStreams(streams: unknown): WireStream[] {
  if (!Array.isArray(streams)) return [];
  return (streams as ProbedStream[]).map((s) => ({
    index: s.index,
    type: s.type,
    codec: s.codec,
    channels: s.channels,
    sampleRate: s.sampleRate,
    width: s.width,
    height: s.height,
    durationSeconds: s.durationSeconds,
  }));
}

export function toWireMedia(media: MediaAsset): WireMedia {
  return {
    mediaId: media.id,
    workspaceId: media.workspaceId ?? '',
    fileName: media.fileName,
    contentType: media.contentType,
    sizeBytes: media.sizeBytes === null ? 0 : Number(media.sizeBytes),
    durationSeconds: media.durationSeconds ?? 0,
    streams: toWireStreams(media.streams),
    status: media.status,
    containerFormat: media.containerFormat ?? '',
    source: media.source,
    createdAt: media.createdAt,
    verifiedAt: media.verifiedAt ?? undefined,
    failureCode: media.failureCode ?? '',
    failureMessage: media.failureMessage ?? '',
  };
}

export function toWireOutcome(outcome: VerificationOutcome): MediaOutcome {
  if (outcome.kind === 'ready')
    return { media: toWireMedia(outcome.media), pending: undefined, mediaId: outcome.media.id };
  return {
    media: undefined,
    pending: { verificationId: outcome.verificationId, retryAfterSeconds: outcome.retryAfterSeconds },
    mediaId: outcome.mediaId,
  };
}
