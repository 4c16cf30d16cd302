import { z } from 'zod';
import type { DeviceSession } from '@tp/proto';
import type { Backends } from '../backends.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { iso, timestamp } from './schemas.ts';

export const DeviceSessionSchema = z
  .object({
    device_id: z.string(),
    device_name: z.string(),
    user_agent: z.string(),
    created_at: timestamp,
    last_seen_at: timestamp,
    expires_at: timestamp,
    current: z.boolean().meta({ description: 'True for the session making the request.' }),
  })
  .meta({ id: 'DeviceSession' });

export function presentDevice(device: DeviceSession, currentDeviceId: string | null): z.infer<typeof DeviceSessionSchema> {
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

const SignInBody = z
  .strictObject({
    email: z.email().max(320),
    password: z.string().min(1).max(1024),
    device_name: z.string().trim().min(1).max(100).optional(),
  })
  .meta({ id: 'SignInRequest' });

const SessionSchema = z
  .object({
    session_token: z.string().meta({ description: 'Send as `Authorization: Bearer <session_token>`.' }),
    token_type: z.literal('Bearer'),
    expires_at: timestamp,
    device: DeviceSessionSchema,
  })
  .meta({ id: 'AppSession' });

/** App sign-in: an email and password create a device session. */
export function sessionRoutes({ accounts }: Backends): AnyRoute[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/v1/auth/sessions',
      operationId: 'signIn',
      summary: 'Sign in to the app',
      description: 'Creates a device session; its token reaches the app-only endpoints (token management, account deletion).',
      tag: 'Sessions',
      access: { kind: 'public' },
      body: SignInBody,
      status: 201,
      response: SessionSchema,
      errors: ['invalid_credentials'],
      handler: async ({ body, req }) => {
        const { sessionToken, device } = await accounts.signIn({
          email: body.email,
          password: body.password,
          deviceName: body.device_name ?? '',
          userAgent: (req.headers['user-agent'] ?? '').slice(0, 500),
        });
        return { session_token: sessionToken, token_type: 'Bearer' as const, expires_at: iso(device!.expiresAt)!, device: presentDevice(device!, device!.deviceId) };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/auth/sessions/current',
      operationId: 'signOut',
      summary: 'Sign out this device',
      tag: 'Sessions',
      access: { kind: 'app_session' },
      status: 204,
      handler: async ({ principal }) => {
        await accounts.revokeDeviceSession({ userId: principal!.userId, deviceId: principal!.deviceId! });
      },
    }),
  ];
}
