import type { DeviceSession as WireDeviceSession, Token as WireToken } from '@tp/proto';
import type { AccessToken, DeviceSession } from '../store/accounts-store.ts';

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
