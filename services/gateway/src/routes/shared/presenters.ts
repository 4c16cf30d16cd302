import type { z } from 'zod';
import type { Artifact, DeviceSession } from '@tp/proto';
import type { ArtifactSchema, DeviceSessionSchema } from './schemas.ts';

/** Proto-to-JSON presenters that more than one route group uses. */

export const iso = (date: Date | undefined | null): string | null => (date ? date.toISOString() : null);

export function presentArtifact(a: Artifact): z.infer<typeof ArtifactSchema> {
  return {
    artifact_id: a.artifactId,
    artifact_type: a.artifactType as 'transcript' | 'media_export',
    media_id: a.mediaId,
    workspace_id: a.workspaceId || null,
    job_id: a.jobId || null,
    title: a.title,
    current_version_id: a.currentVersionId,
    version_count: a.versionCount,
    created_at: iso(a.createdAt)!,
    updated_at: iso(a.updatedAt)!,
  };
}

export function presentDevice(
  device: DeviceSession,
  currentDeviceId: string | null,
): z.infer<typeof DeviceSessionSchema> {
  return {
    device_id: device.deviceId,
    device_name: device.deviceName,
    user_agent: device.userAgent,
    created_at: iso(device.createdAt)!,
    last_seen_at: iso(device.lastSeenAt)!,
    expires_at: iso(device.expiresAt)!,
    current: device.deviceId === currentDeviceId,
  };
}
