import type {
  AppExperience as WireAppExperience,
  DeviceSession as WireDeviceSession,
  Feature as WireFeature,
  Token as WireToken,
} from '@tp/proto';
import type { EffectiveAppExperience } from '../domain/app-experience.ts';
import type { AccessToken, DeviceSession, UserFeature } from '../store/index.ts';

export function toWireToken(token: AccessToken): WireToken {
  return {
    tokenId: token.id,
    name: token.name,
    scopes: token.scopes,
    createdAt: token.createdAt,
    expiresAt: token.expiresAt ?? undefined,
    revokedAt: token.revokedAt ?? undefined,
    lastUsedAt: token.lastUsedAt ?? undefined,
    displayPrefix: token.displayPrefix,
  };
}

export function toWireDevice(session: DeviceSession): WireDeviceSession {
  return {
    deviceId: session.id,
    deviceName: session.deviceName,
    userAgent: session.userAgent,
    createdAt: session.createdAt,
    lastSeenAt: session.lastSeenAt,
    expiresAt: session.expiresAt,
    revokedAt: session.revokedAt ?? undefined,
  };
}

/** A granted feature: a user's features are the enabled ones. */
export function toWireFeature(feature: UserFeature): WireFeature {
  return { featureKey: feature.featureKey, enabled: true, grantedAt: feature.grantedAt };
}

export function toWireAppExperience({ updatedAt, ...preference }: EffectiveAppExperience): WireAppExperience {
  return { ...preference, updatedAt: updatedAt ?? undefined };
}
